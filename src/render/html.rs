//! One self-contained web page of the map and its routes: the map as
//! inline SVG (drawn by the same code as the pictures), each route as its
//! own SVG group over it, check boxes to show or hide each company's and
//! each train's route, and a tooltip naming each stop and its value. No
//! script, style or font is fetched: the page works offline.

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
    Ok(format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 0.5em; }}
#controls label {{ display: block; margin: 0.15em 0; }}
#controls label.train {{ margin-left: 1.5em; }}
.swatch {{ display: inline-block; width: 1.5em; height: 0.8em; vertical-align: middle; }}
#map {{ position: relative; }}
#tip {{ position: absolute; display: none; background: #ffffe0; border: 1px solid #888; padding: 2px 6px; pointer-events: none; }}
circle.stop {{ cursor: help; }}
</style>
</head>
<body>
<div id="controls">
{controls}</div>
<div id="map">
{svg}
<div id="tip"></div>
</div>
<script>
// Show a route when its company's and its own boxes are both ticked.
function apply() {{
  for (const g of document.querySelectorAll('g.route')) {{
    const co = document.querySelector('input[data-company="' + g.dataset.company + '"]');
    const tr = document.querySelector('input[data-route="' + g.id + '"]');
    g.style.display = (co.checked && tr.checked) ? '' : 'none';
  }}
}}
for (const box of document.querySelectorAll('#controls input')) box.addEventListener('change', apply);
// #hide=CNR,route-2 starts with those unticked (for links and tests).
const hide = new URLSearchParams(location.hash.slice(1)).get('hide');
if (hide) for (const name of hide.split(',')) {{
  for (const box of document.querySelectorAll('input[data-company="' + name + '"], input[data-route="' + name + '"]')) box.checked = false;
}}
apply();
const tip = document.getElementById('tip');
const map = document.getElementById('map');
for (const stop of document.querySelectorAll('circle.stop')) {{
  stop.addEventListener('mouseenter', e => {{
    tip.textContent = stop.dataset.tip;
    const box = map.getBoundingClientRect();
    tip.style.left = (e.clientX - box.left + 12) + 'px';
    tip.style.top = (e.clientY - box.top + 12) + 'px';
    tip.style.display = 'block';
  }});
  stop.addEventListener('mouseleave', () => {{ tip.style.display = 'none'; }});
}}
// #tip=N hovers over the N-th stop at load (for tests and links).
const hover = new URLSearchParams(location.hash.slice(1)).get('tip');
if (hover !== null) {{
  const stop = document.querySelectorAll('circle.stop')[Number(hover)];
  if (stop) stop.dispatchEvent(new MouseEvent('mouseenter', {{ clientX: 10, clientY: 10 }}));
}}
</script>
</body>
</html>
"#
    ))
}

/// Text safe inside HTML and attribute values.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
