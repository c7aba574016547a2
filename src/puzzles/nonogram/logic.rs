//! Line logic to a fixpoint: solve rows and columns with the complete line solver, only
//! re-examining lines whose cells changed (a queue of dirty lines).
