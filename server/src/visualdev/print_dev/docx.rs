//! The Word download of a print (issue 29, Qiming's answer to the JNPF client's HTML renamed
//! `.doc`): the template filled for each record (`fill.rs`) written as a real `.docx` with
//! docx-rs — paragraphs (alignment, bold, italic, underline, strike, size, colour), headings
//! (Word's "heading 1…6" styles), tables (column spans, the detail rows already repeated),
//! pictures, QR codes and Code 128 barcodes as PNG pictures, page breaks, and the template's
//! paper size, orientation and margins (`pageParam`). The records of a batch are separated by
//! page breaks.
//!
//! Read from a paragraph's text after filling, as the JNPF client does:
//! - `大写金额(x)`: Chinese capitals of x (the core's rules, as the form's amount widget);
//!   x as it is when it is not a number;
//! - `千位分隔符(x,n)`: x grouped by thousands with n decimals (missing n: as many as x has);
//! - `<qrCode width='w' height='h'>text</qrCode>`: a QR code of text (error level H), shown
//!   w×h px (265×265 when not given);
//! - `<barCode width='w' height='h'>text</barCode>`: a Code 128 barcode, bars 4 px wide and 80
//!   px high, no text; shown w×h when given; text outside printable ASCII prints as text;
//! - `<img width='w' height='h'>[{"url": …}]</img>` and the template's own `<img src>`: the
//!   pictures the caller hands in (`Pictures`), PNG; others are left out;
//!
//! empty qrCode/barCode/img tags are removed.

use super::fill::{Element, Node};
use docx_rs::{
    AlignmentType, BreakType, Docx, HeightRule, PageMargin, PageOrientationType, Paragraph, Pic, Run, RunFonts, Style, StyleType, Table, TableCell, TableRow, WidthType,
};
use serde_json::Value;
use std::collections::HashMap;
use std::io::Cursor;

/// The paper of a template (`pageParam`, mm).
#[derive(Debug, Clone, PartialEq)]
pub struct Paper {
    pub width_mm: f64,
    pub height_mm: f64,
    pub landscape: bool,
    /// top, bottom, left, right.
    pub margins_mm: [f64; 4],
}

fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

impl Paper {
    /// `{"mt","mb","ml","mr","type","width","height","direction"}` (§6.2): type 1 A3, 2 A4,
    /// 3 A5, 4 B3, 5 B5, 6 custom; 横向 swaps width and height. A4 portrait with 10 mm margins
    /// where the text says nothing.
    pub fn of(page_param: &str) -> Paper {
        let p: Value = serde_json::from_str(page_param).unwrap_or(Value::Null);
        let by_type = match number(p.get("type")).map(|t| t as i64) {
            Some(1) => Some((297.0, 420.0)),
            Some(3) => Some((148.0, 210.0)),
            Some(4) => Some((353.0, 500.0)),
            Some(5) => Some((176.0, 250.0)),
            Some(2) => Some((210.0, 297.0)),
            _ => None,
        };
        let (w, h) = match (number(p.get("width")), number(p.get("height"))) {
            (Some(w), Some(h)) if w > 0.0 && h > 0.0 => (w, h),
            _ => by_type.unwrap_or((210.0, 297.0)),
        };
        let landscape = p.get("direction").and_then(Value::as_str) == Some("横向");
        // The designer stores width and height as chosen (portrait) and the direction apart.
        let (w, h) = if landscape { (w.max(h), w.min(h)) } else { (w, h) };
        let margin = |k: &str| number(p.get(k)).filter(|m| *m >= 0.0 && *m < 200.0).unwrap_or(10.0);
        Paper { width_mm: w, height_mm: h, landscape, margins_mm: [margin("mt"), margin("mb"), margin("ml"), margin("mr")] }
    }

    fn content_twips(&self) -> u32 {
        twips(self.width_mm - self.margins_mm[2] - self.margins_mm[3]).max(1440)
    }
}

fn twips(mm: f64) -> u32 {
    (mm * 1440.0 / 25.4).round().max(0.0) as u32
}

/// Pictures the template refers to by url (file store pictures), as PNG bytes.
pub type Pictures = HashMap<String, Vec<u8>>;

/// A picture ready for a run: PNG, its pixel size and the size shown (px).
struct Picture {
    png: Vec<u8>,
    px: (u32, u32),
    shown: (u32, u32),
}

#[derive(Debug, Clone, Default, PartialEq)]
struct Look {
    bold: bool,
    italic: bool,
    underline: bool,
    strike: bool,
    /// Half-points.
    size: Option<usize>,
    /// RRGGBB.
    color: Option<String>,
}

enum Inline {
    Text(String, Look),
    Picture(Picture),
    Break,
}

enum Out {
    P(Paragraph),
    T(Table),
}

const BLOCKS: [&str; 22] = [
    "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "li", "blockquote", "pre", "section", "article", "header", "footer", "center", "hr",
    "address", "figure",
];

fn is_block(n: &Node) -> bool {
    match n {
        Node::PageBreak => true,
        Node::Element(e) => BLOCKS.contains(&e.name.as_str()) || e.children.iter().any(is_block),
        Node::Text(_) => false,
    }
}

/// The declarations of a `style` attribute, names lower-cased.
fn declarations(e: &Element) -> Vec<(String, String)> {
    e.attr("style")
        .unwrap_or("")
        .split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect()
}

fn align_of(e: &Element) -> Option<AlignmentType> {
    let from_style = declarations(e).into_iter().find(|(k, _)| k == "text-align").map(|(_, v)| v.to_ascii_lowercase());
    let value = from_style.or_else(|| e.attr("align").map(str::to_ascii_lowercase))?;
    match value.as_str() {
        "center" => Some(AlignmentType::Center),
        "right" => Some(AlignmentType::Right),
        "justify" => Some(AlignmentType::Both),
        "left" => Some(AlignmentType::Left),
        _ => None,
    }
}

/// A CSS length as half-points (px at 96 dpi, pt).
fn half_points(v: &str) -> Option<usize> {
    let v = v.trim().to_ascii_lowercase();
    let (n, unit) = v.find(|c: char| c.is_ascii_alphabetic()).map(|i| (&v[..i], &v[i..])).unwrap_or((v.as_str(), "px"));
    let n: f64 = n.trim().parse().ok()?;
    let pt = match unit {
        "pt" => n,
        "px" => n * 0.75,
        _ => return None,
    };
    (pt > 0.0 && pt < 400.0).then(|| (pt * 2.0).round() as usize)
}

fn color(v: &str) -> Option<String> {
    let v = v.trim();
    if let Some(hex) = v.strip_prefix('#') {
        return match hex.len() {
            6 if hex.chars().all(|c| c.is_ascii_hexdigit()) => Some(hex.to_ascii_uppercase()),
            3 if hex.chars().all(|c| c.is_ascii_hexdigit()) => Some(hex.chars().flat_map(|c| [c, c]).collect::<String>().to_ascii_uppercase()),
            _ => None,
        };
    }
    let inner = v.strip_prefix("rgb(")?.strip_suffix(')')?;
    let parts: Vec<u8> = inner.split(',').filter_map(|p| p.trim().parse().ok()).collect();
    (parts.len() == 3).then(|| format!("{:02X}{:02X}{:02X}", parts[0], parts[1], parts[2]))
}

fn look_of(e: &Element, parent: &Look) -> Look {
    let mut look = parent.clone();
    match e.name.as_str() {
        "b" | "strong" => look.bold = true,
        "i" | "em" => look.italic = true,
        "u" | "ins" => look.underline = true,
        "s" | "strike" | "del" => look.strike = true,
        _ => {}
    }
    for (k, v) in declarations(e) {
        match k.as_str() {
            "font-weight" => look.bold = v == "bold" || v.parse::<u32>().is_ok_and(|w| w >= 600),
            "font-style" => look.italic = v == "italic",
            "text-decoration" | "text-decoration-line" => {
                look.underline |= v.contains("underline");
                look.strike |= v.contains("line-through");
            }
            "font-size" => look.size = half_points(&v).or(look.size),
            "color" => look.color = color(&v).or(look.color),
            _ => {}
        }
    }
    look
}

/// HTML's white space: runs of spaces, tabs and line breaks are one space.
fn collapse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if matches!(c, ' ' | '\t' | '\n' | '\r') {
            if !space {
                out.push(' ');
            }
            space = true;
        } else {
            out.push(c);
            space = false;
        }
    }
    out
}

fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    image::io::Reader::with_format(Cursor::new(png), image::ImageFormat::Png).into_dimensions().ok()
}

fn encode_png(img: &image::GrayImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image::DynamicImage::ImageLuma8(img.clone()).write_to(&mut out, image::ImageOutputFormat::Png).expect("PNG in memory");
    out.into_inner()
}

/// A QR code (error level H, a quiet zone of 4 modules) drawn about `size` px wide.
pub fn qr_png(text: &str, size: u32) -> Option<Vec<u8>> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::H).ok()?;
    let modules = code.width() as u32;
    let side = modules + 8;
    let scale = (size / side).clamp(1, 32);
    let colors = code.to_colors();
    let img = image::GrayImage::from_fn(side * scale, side * scale, |x, y| {
        let (mx, my) = (x / scale, y / scale);
        let dark = mx >= 4 && my >= 4 && mx < modules + 4 && my < modules + 4 && colors[((my - 4) * modules + (mx - 4)) as usize] == qrcode::Color::Dark;
        image::Luma([if dark { 0 } else { 255 }])
    });
    Some(encode_png(&img))
}

/// A Code 128 barcode (character set B: printable ASCII), bars `bar` px wide and `height` px
/// high with a quiet zone of ten bars each side; None for other text.
pub fn bar_png(text: &str, bar: u32, height: u32) -> Option<Vec<u8>> {
    if text.is_empty() || !text.chars().all(|c| (' '..='~').contains(&c)) {
        return None;
    }
    let code = barcoders::sym::code128::Code128::new(format!("Ɓ{text}")).ok()?;
    let bars = code.encode();
    let quiet = 10;
    let width = (bars.len() as u32 + 2 * quiet) * bar;
    let img = image::GrayImage::from_fn(width, height, |x, _| {
        let i = (x / bar) as i64 - i64::from(quiet);
        let dark = i >= 0 && (i as usize) < bars.len() && bars[i as usize] == 1;
        image::Luma([if dark { 0 } else { 255 }])
    });
    Some(encode_png(&img))
}

/// `width='100'` (or `"100"`) in the attribute text of an escaped tag.
fn attr_px(attrs: &str, name: &str) -> Option<u32> {
    let at = attrs.find(&format!("{name}="))? + name.len() + 1;
    let rest = attrs[at..].trim_start_matches(['\'', '"']);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok().filter(|n| *n > 0 && *n < 5000)
}

/// A plain decimal number: an optional sign, digits, at most one point.
fn numeric(x: &str) -> bool {
    let digits = x.strip_prefix(['-', '+']).unwrap_or(x);
    digits.chars().any(|c| c.is_ascii_digit()) && digits.chars().all(|c| c.is_ascii_digit() || c == '.') && digits.matches('.').count() <= 1
}

/// Decimals of a number's text (千位分隔符 without n).
fn decimals_of(x: &str) -> u64 {
    x.split_once('.').map(|(_, f)| f.chars().take_while(char::is_ascii_digit).count() as u64).unwrap_or(0)
}

struct Writer<'a> {
    paper: &'a Paper,
    pictures: &'a Pictures,
    headings_used: [bool; 6],
}

impl Writer<'_> {
    fn max_px(&self) -> u32 {
        self.paper.content_twips() / 15
    }

    fn picture(&self, png: Vec<u8>, want: (Option<u32>, Option<u32>)) -> Option<Picture> {
        let px = png_size(&png)?;
        let (w, h) = match want {
            (Some(w), Some(h)) => (w, h),
            (Some(w), None) => (w, (u64::from(w) * u64::from(px.1) / u64::from(px.0.max(1))) as u32),
            (None, Some(h)) => ((u64::from(h) * u64::from(px.0) / u64::from(px.1.max(1))) as u32, h),
            (None, None) => px,
        };
        let max = self.max_px();
        let (w, h) = if w > max { (max, (u64::from(h) * u64::from(max) / u64::from(w.max(1))) as u32) } else { (w, h) };
        Some(Picture { png, px, shown: (w.max(1), h.max(1)) })
    }

    /// A picture by url: a `data:image/png;base64,` url, or one the caller handed in.
    fn picture_at(&self, url: &str, want: (Option<u32>, Option<u32>)) -> Option<Picture> {
        use base64::Engine;
        let png = if let Some(b64) = url.strip_prefix("data:image/png;base64,") {
            base64::engine::general_purpose::STANDARD.decode(b64.trim()).ok()?
        } else {
            self.pictures.get(url)?.clone()
        };
        self.picture(png, want)
    }

    /// The inline content of nodes, with the look inherited.
    fn inlines(&self, nodes: &[Node], look: &Look, out: &mut Vec<Inline>) {
        for n in nodes {
            match n {
                Node::Text(t) => out.push(Inline::Text(collapse(t), look.clone())),
                Node::PageBreak => {}
                Node::Element(e) => match e.name.as_str() {
                    "br" => out.push(Inline::Break),
                    "img" => {
                        let want = (e.attr("width").and_then(|w| w.trim_end_matches("px").parse().ok()), e.attr("height").and_then(|h| h.trim_end_matches("px").parse().ok()));
                        if let Some(p) = e.attr("src").and_then(|src| self.picture_at(src, want)) {
                            out.push(Inline::Picture(p));
                        }
                    }
                    "script" | "style" => {}
                    _ => self.inlines(&e.children, &look_of(e, look), out),
                },
            }
        }
    }

    /// The functions and escaped tags in the text of a paragraph (see the module's notes).
    fn functions(&self, inlines: Vec<Inline>) -> Vec<Inline> {
        const MARKS: [&str; 5] = ["<qrCode", "<barCode", "<img", "大写金额(", "千位分隔符("];
        let all: String = inlines.iter().filter_map(|i| if let Inline::Text(t, _) = i { Some(t.as_str()) } else { None }).collect();
        if !MARKS.iter().any(|m| all.contains(m)) {
            return inlines;
        }
        // A paragraph with a function is written in the look of its first text.
        let look = inlines.iter().find_map(|i| if let Inline::Text(_, l) = i { Some(l.clone()) } else { None }).unwrap_or_default();
        let mut out: Vec<Inline> = Vec::new();
        // Pictures and breaks stay where they were: texts between them are read in pieces.
        let mut pieces: Vec<Inline> = Vec::new();
        let mut text = String::new();
        for i in inlines {
            match i {
                Inline::Text(t, _) => text.push_str(&t),
                other => {
                    if !text.is_empty() {
                        pieces.push(Inline::Text(std::mem::take(&mut text), look.clone()));
                    }
                    pieces.push(other);
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Inline::Text(text, look.clone()));
        }
        for p in pieces {
            match p {
                Inline::Text(t, _) => self.read_text(&t, &look, &mut out),
                other => out.push(other),
            }
        }
        out
    }

    fn read_text(&self, mut rest: &str, look: &Look, out: &mut Vec<Inline>) {
        let mut plain = String::new();
        while !rest.is_empty() {
            let next = ["<qrCode", "<barCode", "<img", "大写金额(", "千位分隔符("].iter().filter_map(|m| rest.find(m).map(|at| (at, *m))).min_by_key(|(at, _)| *at);
            let Some((at, mark)) = next else {
                plain.push_str(rest);
                break;
            };
            plain.push_str(&rest[..at]);
            let after = &rest[at + mark.len()..];
            if let Some(name) = mark.strip_prefix('<') {
                let close = format!("</{name}>");
                let (Some(gt), Some(end)) = (after.find('>'), after.find(&close)) else {
                    plain.push_str(mark);
                    rest = after;
                    continue;
                };
                if end < gt {
                    plain.push_str(mark);
                    rest = after;
                    continue;
                }
                let attrs = &after[..gt];
                let inner = after[gt + 1..end].trim();
                let want = (attr_px(attrs, "width"), attr_px(attrs, "height"));
                rest = &after[end + close.len()..];
                let pictures = self.tag_pictures(name, inner, want);
                if !pictures.is_empty() {
                    if !plain.is_empty() {
                        out.push(Inline::Text(std::mem::take(&mut plain), look.clone()));
                    }
                    out.extend(pictures.into_iter().map(Inline::Picture));
                } else if name == "barCode" {
                    plain.push_str(inner);
                }
                continue;
            }
            let Some(end) = after.find(')') else {
                plain.push_str(mark);
                rest = after;
                continue;
            };
            let arg = after[..end].trim();
            let whole = &rest[at..at + mark.len() + end + 1];
            rest = &after[end + 1..];
            // Replaced only when x is a number (PRINT-003, PRINT-004); the text stays otherwise.
            if mark.starts_with("大写") {
                match qiming_core::amount::chinese_amount(arg) {
                    Ok(capitals) if numeric(arg) => plain.push_str(&capitals),
                    _ => plain.push_str(whole),
                }
            } else {
                let (x, n) = match arg.rsplit_once(',') {
                    Some((x, n)) if n.trim().parse::<u64>().is_ok() => (x.trim(), n.trim().parse::<u64>().unwrap_or(0)),
                    Some((x, n)) if n.trim().is_empty() || n.trim() == "null" => (x.trim(), decimals_of(x.trim())),
                    _ => (arg, decimals_of(arg)),
                };
                if numeric(x) {
                    plain.push_str(&qiming_core::number::thousands(x, n));
                } else {
                    plain.push_str(whole);
                }
            }
        }
        if !plain.is_empty() {
            out.push(Inline::Text(plain, look.clone()));
        }
    }

    fn tag_pictures(&self, name: &str, inner: &str, want: (Option<u32>, Option<u32>)) -> Vec<Picture> {
        if inner.is_empty() {
            return Vec::new();
        }
        match name {
            "qrCode" => {
                let w = want.0.unwrap_or(265);
                let h = want.1.unwrap_or(w);
                qr_png(inner, w.max(h)).and_then(|png| self.picture(png, (Some(w), Some(h)))).into_iter().collect()
            }
            "barCode" => bar_png(inner, 4, 80).and_then(|png| self.picture(png, want)).into_iter().collect(),
            _ => {
                let urls: Vec<String> = match serde_json::from_str::<Value>(inner) {
                    Ok(Value::Array(items)) => items.iter().filter_map(|i| i.get("url").and_then(Value::as_str).map(str::to_string)).collect(),
                    _ => vec![inner.to_string()],
                };
                urls.iter().filter_map(|u| self.picture_at(u, want)).collect()
            }
        }
    }

    fn paragraph(&mut self, inlines: Vec<Inline>, align: Option<AlignmentType>, heading: Option<usize>) -> Paragraph {
        let inlines = self.functions(inlines);
        let mut p = Paragraph::new();
        if let Some(a) = align {
            p = p.align(a);
        }
        if let Some(h) = heading {
            self.headings_used[h - 1] = true;
            p = p.style(&format!("Heading{h}"));
        }
        // Leading and trailing spaces of a paragraph are not shown in HTML.
        let n = inlines.len();
        for (i, inline) in inlines.into_iter().enumerate() {
            match inline {
                Inline::Text(mut t, look) => {
                    if i == 0 {
                        t = t.trim_start().to_string();
                    }
                    if i + 1 == n {
                        t = t.trim_end().to_string();
                    }
                    if t.is_empty() {
                        continue;
                    }
                    let mut run = Run::new().add_text(t);
                    if look.bold {
                        run = run.bold();
                    }
                    if look.italic {
                        run = run.italic();
                    }
                    if look.underline {
                        run = run.underline("single");
                    }
                    if look.strike {
                        run = run.strike();
                    }
                    if let Some(s) = look.size {
                        run = run.size(s);
                    }
                    if let Some(c) = look.color {
                        run = run.color(c);
                    }
                    p = p.add_run(run);
                }
                Inline::Picture(pic) => {
                    let shown = pic.shown;
                    let image = Pic::new_with_dimensions(pic.png, pic.px.0, pic.px.1).size(shown.0 * 9525, shown.1 * 9525);
                    p = p.add_run(Run::new().add_image(image));
                }
                Inline::Break => p = p.add_run(Run::new().add_break(BreakType::TextWrapping)),
            }
        }
        p
    }

    fn page_break() -> Paragraph {
        Paragraph::new().add_run(Run::new().add_break(BreakType::Page))
    }

    /// Block content: paragraphs and tables, inline content between blocks as paragraphs.
    fn blocks(&mut self, nodes: &[Node], look: &Look, align: Option<AlignmentType>, out: &mut Vec<Out>) {
        let mut pending: Vec<Inline> = Vec::new();
        let flush = |w: &mut Self, pending: &mut Vec<Inline>, out: &mut Vec<Out>| {
            let visible = pending.iter().any(|i| match i {
                Inline::Text(t, _) => !t.trim().is_empty(),
                _ => true,
            });
            if visible {
                out.push(Out::P(w.paragraph(std::mem::take(pending), align.clone(), None)));
            }
            pending.clear();
        };
        for n in nodes {
            if !is_block(n) {
                self.inlines(std::slice::from_ref(n), look, &mut pending);
                continue;
            }
            flush(self, &mut pending, out);
            match n {
                Node::PageBreak => out.push(Out::P(Self::page_break())),
                Node::Element(e) if e.name == "table" => out.push(Out::T(self.table(e, look))),
                Node::Element(e) if e.name == "hr" => out.push(Out::P(Paragraph::new())),
                Node::Element(e) => {
                    let inner_look = look_of(e, look);
                    let inner_align = align_of(e).or(align.clone());
                    let heading = e.name.strip_prefix('h').and_then(|d| d.parse::<usize>().ok()).filter(|d| (1..=6).contains(d));
                    if e.children.iter().any(is_block) {
                        self.blocks(&e.children, &inner_look, inner_align, out);
                    } else {
                        let mut inl = Vec::new();
                        self.inlines(&e.children, &inner_look, &mut inl);
                        // An empty paragraph of the template is an empty line of the page.
                        out.push(Out::P(self.paragraph(inl, inner_align, heading)));
                    }
                }
                Node::Text(_) => {}
            }
        }
        flush(self, &mut pending, out);
    }

    fn rows_of<'e>(e: &'e Element, rows: &mut Vec<&'e Element>) {
        for n in &e.children {
            if let Node::Element(c) = n {
                match c.name.as_str() {
                    "tr" => rows.push(c),
                    "thead" | "tbody" | "tfoot" => Self::rows_of(c, rows),
                    _ => {}
                }
            }
        }
    }

    fn table(&mut self, e: &Element, look: &Look) -> Table {
        let mut rows = Vec::new();
        Self::rows_of(e, &mut rows);
        let span = |c: &Element| c.attr("colspan").and_then(|s| s.trim().parse::<usize>().ok()).unwrap_or(1).clamp(1, 63);
        let cells_of = |r: &Element| -> Vec<Element> {
            r.children.iter().filter_map(|n| if let Node::Element(c) = n { matches!(c.name.as_str(), "td" | "th").then(|| c.clone()) } else { None }).collect()
        };
        let columns = rows.iter().map(|r| cells_of(r).iter().map(span).sum::<usize>()).max().unwrap_or(1).max(1);
        let width = self.paper.content_twips() as usize;
        let column = width / columns;
        let mut out_rows = Vec::new();
        for r in rows {
            let mut cells = Vec::new();
            for c in cells_of(r) {
                let mut blocks = Vec::new();
                let cell_look = if c.name == "th" { Look { bold: true, ..look_of(&c, look) } } else { look_of(&c, look) };
                self.blocks(&c.children, &cell_look, align_of(&c), &mut blocks);
                let n = span(&c);
                let mut cell = TableCell::new().width(column * n, WidthType::Dxa);
                if n > 1 {
                    cell = cell.grid_span(n);
                }
                let mut last_is_paragraph = false;
                for b in blocks {
                    match b {
                        Out::P(p) => {
                            cell = cell.add_paragraph(p);
                            last_is_paragraph = true;
                        }
                        Out::T(t) => {
                            cell = cell.add_table(t);
                            last_is_paragraph = false;
                        }
                    }
                }
                // A cell ends with a paragraph (Word refuses one that does not).
                if !last_is_paragraph {
                    cell = cell.add_paragraph(Paragraph::new());
                }
                cells.push(cell);
            }
            if cells.is_empty() {
                continue;
            }
            // Rows at least 17 px high, as the JNPF client prints them (PRINT-009).
            out_rows.push(TableRow::new(cells).row_height(255.0).height_rule(HeightRule::AtLeast));
        }
        Table::new(out_rows).set_grid(vec![column; columns]).width(width, WidthType::Dxa)
    }
}

/// The `.docx` of filled templates (one per record, a page break between them) on `paper`.
pub fn write(paper: &Paper, records: &[Vec<Node>], pictures: &Pictures) -> Result<Vec<u8>, String> {
    let mut w = Writer { paper, pictures, headings_used: [false; 6] };
    let mut body: Vec<Out> = Vec::new();
    for (i, nodes) in records.iter().enumerate() {
        if i > 0 {
            body.push(Out::P(Writer::page_break()));
        }
        w.blocks(nodes, &Look::default(), None, &mut body);
    }
    let mut doc = Docx::new()
        .page_size(twips(paper.width_mm), twips(paper.height_mm))
        .page_margin(
            PageMargin::new()
                .top(twips(paper.margins_mm[0]) as i32)
                .bottom(twips(paper.margins_mm[1]) as i32)
                .left(twips(paper.margins_mm[2]) as i32)
                .right(twips(paper.margins_mm[3]) as i32)
                .header(0)
                .footer(0),
        )
        .page_orient(if paper.landscape { PageOrientationType::Landscape } else { PageOrientationType::Portrait })
        .default_fonts(RunFonts::new().east_asia("宋体"))
        .default_size(21);
    for (i, used) in w.headings_used.iter().enumerate() {
        if *used {
            let level = i + 1;
            let size = [44, 36, 32, 28, 24, 21][i];
            doc = doc.add_style(Style::new(format!("Heading{level}"), StyleType::Paragraph).name(format!("heading {level}")).based_on("Normal").size(size).bold().outline_lvl(i));
        }
    }
    for b in body {
        doc = match b {
            Out::P(p) => doc.add_paragraph(p),
            Out::T(t) => doc.add_table(t),
        };
    }
    let mut out = Cursor::new(Vec::new());
    doc.build().pack(&mut out).map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_of_page_param() {
        let a4 = Paper::of(r#"{"mt":"10","mb":"12","ml":"15","mr":"15","type":"2","width":210,"height":297,"direction":"纵向"}"#);
        assert_eq!(a4, Paper { width_mm: 210.0, height_mm: 297.0, landscape: false, margins_mm: [10.0, 12.0, 15.0, 15.0] });
        let a5 = Paper::of(r#"{"type":"3","direction":"横向"}"#);
        assert_eq!((a5.width_mm, a5.height_mm, a5.landscape), (210.0, 148.0, true));
        assert_eq!(Paper::of("").width_mm, 210.0);
    }

    #[test]
    fn codes_are_pictures() {
        let qr = qr_png("https://qiming.example/x", 265).unwrap();
        let (w, h) = png_size(&qr).unwrap();
        assert_eq!(w, h);
        assert!(w <= 265 && w > 100, "{w}");
        let bar = bar_png("XS2024", 4, 80).unwrap();
        assert_eq!(png_size(&bar).unwrap().1, 80);
        assert!(bar_png("单号", 4, 80).is_none());
    }

    #[test]
    fn functions_in_text() {
        let paper = Paper::of("");
        let pictures = Pictures::new();
        let w = Writer { paper: &paper, pictures: &pictures, headings_used: [false; 6] };
        let mut out = Vec::new();
        w.read_text("合计：大写金额(1001.01) 千位分隔符(1234567.5,2) 千位分隔符(1234.5) <qrCode width='100' height='100'></qrCode>x 大写金额(abc) 千位分隔符(x,2)", &Look::default(), &mut out);
        let text: String = out.iter().filter_map(|i| if let Inline::Text(t, _) = i { Some(t.as_str()) } else { None }).collect();
        assert_eq!(text, "合计：壹仟零壹元零壹分 1,234,567.50 1,234.5 x 大写金额(abc) 千位分隔符(x,2)");
    }
}
