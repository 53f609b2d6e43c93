//! The value names in a man page's SYNOPSIS: `clap_mangen` writes `[-l|--limit]` for an option
//! that takes a value, so the synopsis reads like a list of flags; the page says `[-l|--limit N]`
//! after this pass, as `--help` does.

/// `page` (roff from `clap_mangen`) with the value names of `command`'s options in its synopsis.
pub(super) fn with_value_names(page: &str, command: &clap::Command) -> String {
    let Some(heading) = page.find(".SH SYNOPSIS\n") else { return page.to_owned() };
    let start = heading + ".SH SYNOPSIS\n".len();
    let end = page[start..].find('\n').map_or(page.len(), |at| start + at);
    let mut synopsis = page[start..end].to_owned();
    // Built, so that every argument knows how many values it takes.
    let mut command = command.clone();
    command.build();
    for arg in command.get_arguments().filter(|arg| takes_a_value(arg)) {
        // The option's last spelling closes its bracket: `\fB\-\-limit\fR]`.
        let spelling = match (arg.get_long(), arg.get_short()) {
            (Some(long), _) => format!("\\-\\-{}", long.replace('-', "\\-")),
            (None, Some(short)) => format!("\\-{short}"),
            (None, None) => continue,
        };
        let names = value_names(arg);
        let old = format!("\\fB{spelling}\\fR]");
        let new = format!("\\fB{spelling}\\fR {names}]");
        synopsis = synopsis.replacen(&old, &new, 1);
    }
    format!("{}{synopsis}{}", &page[..start], &page[end..])
}

/// Whether `arg` is an option with a value (not a flag, not a positional argument).
fn takes_a_value(arg: &clap::Arg) -> bool {
    !arg.is_positional()
        && arg.get_num_args().is_some_and(|range| range.takes_values())
        && !matches!(
            arg.get_action(),
            clap::ArgAction::SetTrue
                | clap::ArgAction::SetFalse
                | clap::ArgAction::Count
                | clap::ArgAction::Help
                | clap::ArgAction::HelpShort
                | clap::ArgAction::HelpLong
                | clap::ArgAction::Version
        )
}

/// `\fIN\fR`, or `\fIR\fR \fIC\fR` for several values; in brackets when the value may be left
/// out (`--color [WHEN]`).
fn value_names(arg: &clap::Arg) -> String {
    let names: Vec<String> = match arg.get_value_names() {
        Some(names) => names.iter().map(ToString::to_string).collect(),
        None => vec![arg.get_id().as_str().to_uppercase()],
    };
    let names: Vec<String> =
        names.iter().map(|name| format!("\\fI{}\\fR", name.replace('-', "\\-"))).collect();
    let names = names.join(" ");
    match arg.get_num_args() {
        Some(range) if range.min_values() == 0 => format!("[{names}]"),
        _ => names,
    }
}

#[cfg(test)]
mod tests {
    use clap::{Arg, ArgAction, Command};

    use super::with_value_names;

    #[test]
    fn options_with_values_show_their_names_and_flags_do_not() {
        let command = Command::new("x")
            .arg(Arg::new("limit").short('l').long("limit").value_name("N"))
            .arg(Arg::new("time-limit").long("time-limit").value_name("D"))
            .arg(Arg::new("color").long("color").num_args(0..=1).value_name("WHEN"))
            .arg(Arg::new("quiet").short('q').long("quiet").action(ArgAction::SetTrue))
            .arg(Arg::new("FILE"));
        let mut page = Vec::new();
        clap_mangen::Man::new(command.clone()).render(&mut page).unwrap();
        let page = with_value_names(&String::from_utf8(page).unwrap(), &command);
        let synopsis = page.lines().skip_while(|l| *l != ".SH SYNOPSIS").nth(1).unwrap();
        assert!(synopsis.contains(r"[\fB\-l\fR|\fB\-\-limit\fR \fIN\fR]"), "{synopsis}");
        assert!(synopsis.contains(r"[\fB\-\-time\-limit\fR \fID\fR]"), "{synopsis}");
        assert!(synopsis.contains(r"[\fB\-\-color\fR [\fIWHEN\fR]]"), "{synopsis}");
        assert!(synopsis.contains(r"[\fB\-q\fR|\fB\-\-quiet\fR]"), "{synopsis}");
        assert!(synopsis.contains(r"[\fIFILE\fR]"), "{synopsis}");
    }
}
