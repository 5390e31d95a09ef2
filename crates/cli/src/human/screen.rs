//! Text for an 80 × 24 terminal: lines wrapped to fit the width, and colour when the output is
//! a terminal that wants it.

/// The widest line written: one column short of 80, so that no terminal wraps it.
pub const WIDTH: usize = 79;

/// Wraps `text` at spaces into lines of at most [`WIDTH`] characters; lines after the first
/// are indented by `indent` spaces. A word longer than a line is cut.
#[must_use]
pub fn wrap(text: &str, indent: usize) -> Vec<String> {
    let lead = text.len() - text.trim_start_matches(' ').len();
    let mut lines = Vec::new();
    let mut line = " ".repeat(lead.min(WIDTH / 2));
    let mut fresh = true;
    for word in text.split_whitespace() {
        let width = line.chars().count() + word.chars().count();
        if !fresh && width + 1 > WIDTH {
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
        while line.chars().count() > WIDTH {
            let head: String = line.chars().take(WIDTH).collect();
            let tail: String = line.chars().skip(WIDTH).collect();
            lines.push(head);
            line = format!("{}{tail}", " ".repeat(indent));
        }
    }
    lines.push(line);
    lines
}

/// How text is coloured: not at all, or with the terminal's standard colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paint {
    /// Whether to colour at all.
    pub colour: bool,
}

impl Paint {
    /// No colour: for files, pipes and tests.
    pub const PLAIN: Paint = Paint { colour: false };

    /// Colour when standard output is a terminal, `NO_COLOR` is unset and `TERM` is not
    /// `dumb` (<https://no-color.org>).
    #[must_use]
    pub fn for_stdout() -> Paint {
        use std::io::IsTerminal;
        let wanted = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            && std::env::var("TERM").map_or(true, |t| t != "dumb");
        Paint {
            colour: wanted && std::io::stdout().is_terminal(),
        }
    }

    fn code(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The person's own territories.
    #[must_use]
    pub fn mine(self, text: &str) -> String {
        self.code("32", text)
    }

    /// The opponent's territories.
    #[must_use]
    pub fn theirs(self, text: &str) -> String {
        self.code("31", text)
    }

    /// Free territories.
    #[must_use]
    pub fn free(self, text: &str) -> String {
        self.code("2", text)
    }

    /// Headers and prompts.
    #[must_use]
    pub fn strong(self, text: &str) -> String {
        self.code("1", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let text = "They attacked Western United States from Central America: 6 5 4 vs 3 2, \
                    6 1 vs 5, 3 3 vs 2 1 -> you lost 4, they lost 1; took Western United States, \
                    moved 4 in";
        let lines = wrap(text, 4);
        assert!(lines.len() >= 2);
        assert!(
            lines.iter().all(|l| l.chars().count() <= WIDTH),
            "{lines:?}"
        );
        assert!(lines[1..].iter().all(|l| l.starts_with("    ")));
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn a_short_line_is_left_alone() {
        assert_eq!(wrap("  placed 3 on Peru", 4), vec!["  placed 3 on Peru"]);
        assert_eq!(wrap("", 0), vec![String::new()]);
    }

    #[test]
    fn plain_paint_adds_nothing() {
        assert_eq!(Paint::PLAIN.mine("Peru"), "Peru");
        let coloured = Paint { colour: true }.theirs("Peru");
        assert!(coloured.starts_with('\x1b') && coloured.contains("Peru"));
    }
}
