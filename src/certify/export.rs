//! `export --certificate DIR`: a certified run's evidence as files a third party can check
//! without puzzlec — the final CNF (`model.cnf`), its text DRAT proof (`proof.drat`), the cut
//! justifications (`cuts.json`) and a summary with the verdict and the solutions
//! (`verdict.txt`).

use crate::error::{Error, Result};
use crate::registry::DynPuzzle;
use crate::solve::{Mode, SolveOptions};
use std::path::Path;

/// Solves with `--certify` (uniqueness mode) and writes the certificate's files into `dir`
/// (created when missing); returns the verdict's exit code.
pub fn write_certificate(
    dir: &Path,
    title: &str,
    puzzle: &dyn DynPuzzle,
    spec: &str,
    backend: &str,
    timeout: Option<f64>,
) -> Result<i32> {
    let mut opts = SolveOptions::new(backend, spec, Mode::Unique);
    opts.timeout = timeout;
    opts.certify = true;
    opts.certificate_files = true;
    let report = puzzle.solve(&opts)?;
    let (Some(certificate), Some(files)) = (&report.certificate, &report.certificate_files) else {
        return Err(Error::Uncertified(format!(
            "the run ended with `{}` before anything could be certified",
            report.verdict.as_str()
        )));
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    let write = |name: &str, text: &dyn Fn(&mut dyn std::io::Write) -> std::io::Result<()>| {
        let path = dir.join(name);
        let file = std::fs::File::create(&path)
            .map_err(|e| Error::Io(format!("cannot write {}: {e}", path.display())))?;
        let mut w = std::io::BufWriter::new(file);
        text(&mut w)
            .and_then(|_| std::io::Write::flush(&mut w))
            .map_err(|e| Error::Io(format!("cannot write {}: {e}", path.display())))
    };
    let verdict = report.verdict.as_str();
    let comments = vec![
        format!("puzzlec certificate of {title}"),
        format!("formulation {}", report.stats.formulation),
        format!(
            "the final CNF of the search: the base model, {} lazy cut(s) (justified in \
             cuts.json) and {} blocking clause(s), one per solution in verdict.txt",
            certificate.cuts_justified, certificate.blocking_checked
        ),
        match &files.proof {
            Some(_) => format!("verdict {verdict}: proof.drat refutes this CNF"),
            None => format!("verdict {verdict}: rests on the solutions alone, no proof"),
        },
    ];
    write("model.cnf", &|w| {
        crate::format::dimacs::write_cnf(w, files.num_vars, &files.clauses, &files.names, &comments)
    })?;
    let proof_file = dir.join("proof.drat");
    match &files.proof {
        Some(proof) => write("proof.drat", &|w| w.write_all(proof.as_bytes()))?,
        // A proof left from an earlier export would no longer match model.cnf.
        None if proof_file.exists() => std::fs::remove_file(&proof_file)
            .map_err(|e| Error::Io(format!("cannot remove {}: {e}", proof_file.display())))?,
        None => {}
    }
    write("cuts.json", &|w| {
        serde_json::to_writer(&mut *w, &files.cuts).map_err(std::io::Error::other)?;
        writeln!(w)
    })?;
    let mut summary = format!("{title}\nverdict: {verdict}\n");
    for (i, rows) in report.solutions.iter().enumerate() {
        summary.push_str(&format!("\nsolution {}:\n{}\n", i + 1, rows.join("\n")));
    }
    summary.push_str(&format!("\n{}\n", certificate.describe()));
    if files.proof.is_some() {
        summary.push_str(
            "\nCheck the proof with any DRAT checker, e.g.\n  drat-trim model.cnf proof.drat\n  \
             rate model.cnf proof.drat\n  python3 -c \"import dratify; print(dratify.check_proof(\
             dratify.parse_dimacs(open('model.cnf').read()), open('proof.drat').read()).ok)\"\n",
        );
    }
    write("verdict.txt", &|w| w.write_all(summary.as_bytes()))?;
    Ok(report.exit_code())
}
