//! One self-contained web page of the map and its routes: the map as
//! inline SVG (drawn by the same code as the pictures), each route as its
//! own SVG group over it, check boxes to show or hide each company's and
//! each train's route, and a tooltip naming each stop and its value. No
//! script, style or font is fetched: the page works offline. The page's
//! skeleton (HTML, style, script) is the template page.html; this file
//! builds the parts that vary and fills them in.

use super::{
    Format, MapOptions, MapPicture, RouteOverlay, TextItem, encode, legend_line, parse_colour,
    with_text_set_aside,
};
use crate::error::Error;
use crate::game::Game;
use crate::state::MapState;

/// The page, as text. `overlay` may be `None` (a map without routes).
pub fn page(
    game: &Game,
    state: &MapState,
    options: MapOptions,
    overlay: Option<&RouteOverlay>,
) -> Result<String, Error> {
    // The map itself carries no routes and no legend: routes are groups
    // the page can hide, put under what players read (the last group of
    // the map), and the check boxes are the legend.
    let picture = MapPicture::new(game, state, options, None)?;
    let (w, h) = picture.size();
    let (svg, texts) =
        with_text_set_aside(|| encode(Format::Svg, w, h, |cr| picture.draw_for_page(cr)));
    let svg = String::from_utf8(svg?).map_err(|e| Error::Internal(format!("SVG text: {e}")))?;
    let svg = svg
        .split_once("?>")
        .map_or(svg.as_str(), |(_, rest)| rest)
        .trim();
    // Scales to the window: the viewBox cairo writes, drawn at 100 %.
    let svg = svg.replacen(
        &format!("width=\"{w}pt\" height=\"{h}pt\""),
        "width=\"100%\" height=\"100%\" preserveAspectRatio=\"xMidYMid meet\"",
        1,
    );
    let mut routes_svg = String::new();
    let mut controls = String::new();
    if let Some(overlay) = overlay {
        let shapes = picture.route_shapes(overlay)?;
        let mut company = "";
        for (i, (route, shape)) in overlay.routes.iter().zip(&shapes).enumerate() {
            let rgb = css(shape.colour);
            let dash = if shape.dash.is_empty() {
                String::new()
            } else {
                let d: Vec<String> = shape.dash.iter().map(|x| format!("{x:.1}")).collect();
                format!(" stroke-dasharray=\"{}\"", d.join(" "))
            };
            routes_svg.push_str(&format!(
                "<g class=\"route\" id=\"route-{i}\" data-company=\"{}\">\n<path d=\"{}\" fill=\"none\" stroke=\"white\" stroke-opacity=\"0.85\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n<path d=\"{}\" fill=\"none\" stroke=\"{rgb}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{dash}/>\n",
                escape(&route.company),
                shape.d,
                shape.width * 1.55,
                shape.d,
                shape.width
            ));
            for ((p, skipped), stop) in shape.stops.iter().zip(&route.stops) {
                let (fill, ring) = if *skipped {
                    ("white", rgb.as_str())
                } else {
                    (rgb.as_str(), "white")
                };
                let value = if *skipped {
                    "skipped".to_string()
                } else if route.multiplier > 1 {
                    format!("${} ×{}", stop.revenue, route.multiplier)
                } else {
                    format!("${}", stop.revenue)
                };
                let tip = escape(&format!(
                    "{} ({}): {value}",
                    stop.name,
                    game.format(stop.hex)
                ));
                routes_svg.push_str(&format!(
                    "<circle class=\"stop\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{ring}\" stroke-width=\"2\" data-tip=\"{tip}\"><title>{tip}</title></circle>\n",
                    p.0,
                    p.1,
                    shape.stop_radius,
                ));
            }
            routes_svg.push_str("</g>\n");
            if route.company != company {
                company = &route.company;
                let total = overlay
                    .companies
                    .iter()
                    .find(|(c, _)| c == company)
                    .map_or(0, |(_, t)| *t);
                let colour = game
                    .company(company)
                    .map(|c| css(parse_colour(&c.colour)))
                    .unwrap_or_else(|_| "grey".into());
                controls.push_str(&format!(
                    "<label class=\"company\"><input type=\"checkbox\" checked data-company=\"{}\"> <span class=\"token\" style=\"background:{colour}\"></span> {}: ${total}</label>\n",
                    escape(company),
                    escape(company)
                ));
            }
            let dash = if shape.dash.is_empty() {
                String::new()
            } else {
                let d: Vec<String> = shape
                    .dash
                    .iter()
                    .map(|x| format!("{:.1}", x * 4.0 / shape.width))
                    .collect();
                format!(" stroke-dasharray=\"{}\"", d.join(" "))
            };
            controls.push_str(&format!(
                "<label class=\"train\"><input type=\"checkbox\" checked data-route=\"route-{i}\"><svg class=\"swatch\" width=\"32\" height=\"10\"><line x1=\"0\" y1=\"5\" x2=\"32\" y2=\"5\" stroke=\"{rgb}\" stroke-width=\"4\"{dash}/></svg> {}</label>\n",
                escape(&legend_line(route)),
            ));
        }
    }
    let controls = if controls.is_empty() {
        String::new()
    } else {
        format!("<div id=\"controls\">\n{controls}</div>")
    };
    // Routes go under the map's last group, what players read: cairo
    // defines each group and then draws it with a <use>, one per hex and
    // that last one.
    let used = "<use xlink:href=\"#surface";
    let top = svg
        .rfind(used)
        .filter(|_| svg.matches(used).count() == picture.hex_count() + 1)
        .ok_or_else(|| Error::Internal("cairo wrote no group for the map's marks".into()))?;
    let end = svg
        .rfind("</svg>")
        .ok_or_else(|| Error::Internal("cairo wrote no </svg>".into()))?;
    let svg = format!(
        "{}{routes_svg}{}{}</svg>",
        &svg[..top],
        &svg[top..end],
        text_svg(&texts)
    );
    let title = escape(&format!(
        "{} — phase {}",
        game.name, game.phases[state.phase].name
    ));
    Ok(fill(
        PAGE,
        &[("title", &title), ("controls", &controls), ("svg", &svg)],
    ))
}

/// A colour as CSS `rgb(…)`.
fn css((r, g, b): crate::render::Rgb) -> String {
    format!(
        "rgb({},{},{})",
        (r * 255.0).round(),
        (g * 255.0).round(),
        (b * 255.0).round()
    )
}

/// The map's text as SVG text, so a browser finds and selects it.
fn text_svg(texts: &[TextItem]) -> String {
    let mut out =
        String::from("<g class=\"text\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n");
    for t in texts {
        let anchor = if t.middle {
            " text-anchor=\"middle\""
        } else {
            ""
        };
        let weight = if t.bold { " font-weight=\"bold\"" } else { "" };
        let squeeze = if t.squeeze < 0.999 {
            format!(
                " transform=\"translate({:.2} {:.2}) scale({:.3} 1) translate({:.2} {:.2})\"",
                t.x, t.y, t.squeeze, -t.x, -t.y
            )
        } else {
            String::new()
        };
        out.push_str(&format!(
            "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" fill=\"{}\"{anchor}{weight}{squeeze}>{}</text>\n",
            t.x,
            t.y,
            t.size,
            css(t.colour),
            escape(&t.text)
        ));
    }
    out.push_str("</g>\n");
    out
}

/// The page's HTML, style and script, with `{{name}}` placeholders.
const PAGE: &str = include_str!("page.html");

/// `template` with each `{{name}}` replaced by its value. Values are not
/// searched again, so a name on the map cannot inject a placeholder.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        let Some(close) = rest[open..].find("}}") else {
            break;
        };
        let name = &rest[open + 2..open + close];
        match values.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => {
                out.push_str(&rest[..open]);
                out.push_str(value);
            }
            None => out.push_str(&rest[..open + close + 2]),
        }
        rest = &rest[open + close + 2..];
    }
    out.push_str(rest);
    out
}

/// Text safe inside HTML and attribute values.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn fill_replaces_placeholders_but_not_inside_values() {
        let out = fill("<{{a}}|{{b}}|{{c}}>", &[("a", "{{b}}"), ("b", "x")]);
        assert_eq!(out, "<{{b}}|x|{{c}}>");
    }
}
