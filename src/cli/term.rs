//! Everything the program prints goes through this module. A saved game,
//! a record or a game file may hold any characters; printed raw, an escape
//! sequence or a carriage return from it could recolour the terminal or
//! forge a `hexroute:` line. Text lines go through [`escape`] ([`say!`] on
//! standard output, [`tell!`] on standard error); JSON through
//! [`print_json`], which also escapes what serde leaves raw (DEL and the C1
//! controls, U+009B among them, which some terminals read as CSI).
//!
//! `println!` and friends are refused elsewhere (`clippy.toml`'s
//! `disallowed-macros`, and the test `cli_prints_only_through_term`).
#![allow(clippy::disallowed_macros)]

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

/// JSON text with DEL and the C1 controls (U+007F to U+009F) written as
/// `\u00XX`. serde escapes the C0 controls only; these characters can
/// stand only inside a JSON string, where the escape means the same.
pub fn json_safe(text: String) -> String {
    if !text.chars().any(is_raw_in_json) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for ch in text.chars() {
        if is_raw_in_json(ch) {
            out.push_str(&format!("\\u{:04x}", u32::from(ch)));
        } else {
            out.push(ch);
        }
    }
    out
}

/// A control character serde_json writes as it is.
fn is_raw_in_json(ch: char) -> bool {
    ('\u{7f}'..='\u{9f}').contains(&ch)
}

/// One line on standard output, escaped (what [`say!`] prints).
pub fn out_line(line: &str) {
    println!("{}", escape(line));
}

/// One line on standard error, escaped (what [`tell!`] prints).
pub fn err_line(line: &str) {
    eprintln!("{}", escape(line));
}

/// Prints a value as pretty JSON on standard output.
pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(json_fault)?;
    println!("{}", json_safe(text));
    Ok(())
}

/// Prints a value as JSON on one line of standard output (JSON Lines).
pub fn print_json_line(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string(value).map_err(json_fault)?;
    println!("{}", json_safe(text));
    Ok(())
}

fn json_fault(e: serde_json::Error) -> hexroute::Error {
    hexroute::Error::Internal(format!("cannot write JSON: {e}"))
}

/// A page of text of our own (the manual), line by line, each escaped.
pub fn print_page(text: &str) {
    for line in text.lines() {
        println!("{}", escape(line));
    }
}

/// Clears the terminal line the progress bar was on: the one escape
/// sequence hexroute writes on purpose.
pub fn clear_line() {
    eprint!("\r\x1b[2K");
}

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

/// `println!` for a line that may hold text from a file: the whole line
/// is escaped, so it stays one line whatever the file held.
macro_rules! say {
    () => {
        $crate::cli::term::out_line("")
    };
    ($($arg:tt)*) => {
        $crate::cli::term::out_line(&format!($($arg)*))
    };
}
pub(crate) use say;

/// [`say!`] on standard error: notes, warnings, errors, confirmations.
macro_rules! tell {
    ($($arg:tt)*) => {
        $crate::cli::term::err_line(&format!($($arg)*))
    };
}
pub(crate) use tell;

#[cfg(test)]
mod tests {
    use super::{escape, json_safe};

    #[test]
    fn json_keeps_no_raw_c1_or_del() {
        let text = serde_json::to_string("a\u{1b}b\u{9b}c\u{7f}d\u{a0}é").unwrap();
        // U+00A0 (no-break space) is no control: it stays.
        assert_eq!(
            json_safe(text.clone()),
            "\"a\\u001bb\\u009bc\\u007fd\u{a0}é\""
        );
        let back: String = serde_json::from_str(&json_safe(text)).unwrap();
        assert_eq!(back, "a\u{1b}b\u{9b}c\u{7f}d\u{a0}é");
    }

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
