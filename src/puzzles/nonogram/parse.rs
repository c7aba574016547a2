//! Inputs: Simpson's `.non` format, puzz.link `nonogram` URLs and text pictures.
