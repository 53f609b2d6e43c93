//! The tests that need `../shared/data` say so (issue 21, point 20): each is
//! `#[ignore = "needs ../shared/data"]`, none returns early when the data is absent (which
//! reported "ok" for a test that checked nothing), and `.ci/run` runs them where the data is,
//! after the README's test command.

use std::collections::BTreeSet;

use crate::util::workspace;

/// A function at the top level of a test file: its name, attributes and body.
struct Function {
    file: String,
    name: String,
    attributes: Vec<String>,
    body: String,
}

/// The top-level functions of a Rust file (attributes and `fn` at the left margin, the body up
/// to the first `}` there), enough for the test files of this workspace.
fn functions(file: &str, text: &str) -> Vec<Function> {
    let mut found = Vec::new();
    let mut attributes = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("#[") {
            attributes.push(line.to_owned());
            continue;
        }
        let signature = line.strip_prefix("pub(crate) ").unwrap_or(line);
        let Some(rest) = signature.strip_prefix("fn ") else {
            if !line.starts_with("//") {
                attributes.clear();
            }
            continue;
        };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let mut body = String::new();
        for line in lines.by_ref() {
            if line == "}" {
                break;
            }
            body.push_str(line);
            body.push('\n');
        }
        found.push(Function {
            file: file.to_owned(),
            name,
            attributes: std::mem::take(&mut attributes),
            body,
        });
    }
    found
}

/// Whether `body` calls the function `name`.
fn calls(body: &str, name: &str) -> bool {
    body.match_indices(&format!("{name}(")).any(|(at, _)| {
        let before = body[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
    })
}

/// Every top-level function of every crate's integration tests.
fn test_functions() -> Vec<Function> {
    let mut all = Vec::new();
    for krate in std::fs::read_dir(workspace().join("crates")).unwrap() {
        let dir = krate.unwrap().path().join("tests");
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            // This file names the data to look for it.
            if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("cli/tests/ignored.rs")
            {
                let text = std::fs::read_to_string(&path).unwrap();
                let name = path.strip_prefix(workspace()).unwrap().display().to_string();
                all.extend(functions(&name, &text));
            }
        }
    }
    all
}

// See: issue 21, point 20. About twenty tests passed without the data, checking nothing.
#[test]
fn every_test_that_reads_the_shared_data_is_ignored_with_that_reason() {
    let all = test_functions();
    // The functions that read the data: by naming it, then by calling one that does (`shared`
    // across files, other helpers within theirs).
    let mut needs: BTreeSet<(String, String)> = all
        .iter()
        .filter(|f| f.body.contains("../shared") || f.body.contains("shared/data"))
        .map(|f| (f.file.clone(), f.name.clone()))
        .collect();
    loop {
        let before = needs.len();
        for f in &all {
            let reads = needs.iter().any(|(file, name)| {
                (file == &f.file || name == "shared") && name != &f.name && calls(&f.body, name)
            });
            if reads {
                needs.insert((f.file.clone(), f.name.clone()));
            }
        }
        if needs.len() == before {
            break;
        }
    }
    let reason = "#[ignore = \"needs ../shared/data\"]";
    let mut wrong = Vec::new();
    for f in all.iter().filter(|f| f.attributes.iter().any(|a| a == "#[test]")) {
        let marked = f.attributes.iter().any(|a| a == reason);
        let reads = needs.contains(&(f.file.clone(), f.name.clone()));
        if marked != reads {
            wrong.push(format!("{}: {} (reads the data: {reads})", f.file, f.name));
        }
        let skips = f.body.lines().any(|line| {
            line.contains("shared(") && (line.contains("else {") || line.contains("if let Some("))
        });
        assert!(!skips, "{}: {} passes without the data", f.file, f.name);
    }
    assert!(wrong.is_empty(), "marked wrongly:\n{}", wrong.join("\n"));
    let marked = all.iter().filter(|f| f.attributes.iter().any(|a| a == reason)).count();
    assert!(marked >= 20, "{marked} tests need the data");
}

#[test]
fn ci_runs_the_readme_command_first_then_the_data_tests_where_the_data_is() {
    let ci = std::fs::read_to_string(workspace().join(".ci/run")).unwrap();
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let command = "cargo test --workspace --release --all-features";
    let commands: Vec<&str> = ci.lines().filter(|l| l.trim_start().starts_with("cargo ")).collect();
    assert_eq!(commands[0], command, "{ci}");
    assert!(readme.contains(&format!("{command}\n")), "the README's test command");
    let data = ci.find("if [ -d ../shared/data ]").expect("a run where the data is");
    assert!(ci[data..].contains(&format!("{command} -- --ignored")), "{ci}");
}
