//! One self-contained web page of the map and its routes: the map as
//! inline SVG (drawn by the same code as the pictures), each route as its
//! own SVG group over it, check boxes to show or hide each company's and
//! each train's route, and a tooltip naming each stop and its value. No
//! script, style or font is fetched: the page works offline. The page's
//! skeleton (HTML, style, script) is the template page.html; this file
//! builds the parts that vary and fills them in.

use super::{Format, MapOptions, MapPicture, RouteOverlay, encode};
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
    // The map itself carries no routes: they are drawn below as groups the
    // page can hide.
    let picture = MapPicture::new(game, state, options, None)?;
    let (w, h) = picture.size();
    let svg = encode(Format::Svg, w, h, |cr| picture.draw(cr))?;
    let svg = String::from_utf8(svg).map_err(|e| Error::Internal(format!("SVG text: {e}")))?;
    let svg = svg
        .split_once("?>")
        .map_or(svg.as_str(), |(_, rest)| rest)
        .trim();
    let mut routes_svg = String::new();
    let mut controls = String::new();
    if let Some(overlay) = overlay {
        let shapes = picture.route_shapes(overlay)?;
        let mut company = "";
        for (i, (route, shape)) in overlay.routes.iter().zip(&shapes).enumerate() {
            let (r, g, b) = shape.colour;
            let rgb = format!(
                "rgb({},{},{})",
                (r * 255.0).round(),
                (g * 255.0).round(),
                (b * 255.0).round()
            );
            routes_svg.push_str(&format!(
                "<g class=\"route\" id=\"route-{i}\" data-company=\"{}\">\n<path d=\"{}\" fill=\"none\" stroke=\"{rgb}\" stroke-opacity=\"0.9\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
                escape(&route.company),
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
                controls.push_str(&format!(
                    "<label class=\"company\"><input type=\"checkbox\" checked data-company=\"{}\"> {} ${total}</label>\n",
                    escape(company),
                    escape(company)
                ));
            }
            controls.push_str(&format!(
                "<label class=\"train\"><input type=\"checkbox\" checked data-route=\"route-{i}\"><span class=\"swatch\" style=\"background:{rgb}\"></span> train {}: ${}</label>\n",
                escape(&route.train),
                route.revenue
            ));
        }
    }
    let svg = match svg.rfind("</svg>") {
        Some(end) => format!("{}{}</svg>", &svg[..end], routes_svg),
        None => return Err(Error::Internal("cairo wrote no </svg>".into())),
    };
    let title = escape(&format!(
        "{} — phase {}",
        game.name, game.phases[state.phase].name
    ));
    Ok(fill(
        PAGE,
        &[("title", &title), ("controls", &controls), ("svg", &svg)],
    ))
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
