//! Text bound for the terminal. A saved game or game file may hold any
//! characters; printed raw, an escape sequence or a newline from it could
//! recolour the terminal or forge a `hexroute:` line. Every line of text
//! output and every error goes through [`escape`]. (JSON output needs
//! nothing: serde escapes control characters itself.)

use std::borrow::Cow;

/// The text with each control character written as Rust writes it in a
/// string (`\n`, `\t`, `\u{1b}`), so it shows but does nothing; other
/// text, accents and all, is left alone.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        if ch.is_control() {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    Cow::Owned(out)
}

/// `println!` for a line that may hold text from a file: the whole line
/// is escaped, so it stays one line whatever the file held.
/// Each column's width in a table: its widest cell, the header's included,
/// in characters, so headers and values line up whatever the names.
pub fn column_widths<const N: usize>(header: &[String; N], rows: &[[String; N]]) -> [usize; N] {
    let mut width = header.clone().map(|h| h.chars().count());
    for row in rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    width
}

macro_rules! say {
    () => {
        println!()
    };
    ($($arg:tt)*) => {
        println!("{}", $crate::cli::term::escape(&format!($($arg)*)))
    };
}
pub(crate) use say;

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn control_characters_show_and_do_nothing() {
        assert_eq!(
            escape("CPR\u{1b}[31m\nhexroute: error: x"),
            "CPR\\u{1b}[31m\\nhexroute: error: x"
        );
        assert_eq!(escape("a\tb\u{7f}\u{9b}"), "a\\tb\\u{7f}\\u{9b}");
        assert!(matches!(
            escape("Montréal — 5+5E"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
