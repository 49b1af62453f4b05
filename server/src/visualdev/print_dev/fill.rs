//! A print template's HTML read into a small tree and filled for one record the way the JNPF
//! client fills it before printing (jnpf-wire-engine2.md §6.3, §6.4), so that the server can
//! write the same page as a Word document (`docx.rs`):
//! - a field span `data-tag="headTable.f"` shows `printData.f`; `data-tag="G.f"` inside a
//!   table whose first field names group G shows the row's `f`, the table's rows holding a
//!   G field repeated once per row of `printData.G` (the other rows, headers, kept once); a
//!   G field outside such a table shows the values of all rows joined by `,`;
//! - `null.systemPrinter` is `userName/userAccount` of the printing user,
//!   `null.systemPrintTime` the time of printing (yyyy-MM-dd HH:mm),
//!   `null.systemApprovalContent` the 5-column approval table of `operatorRecordList`;
//! - TinyMCE's `<!-- pagebreak -->` is a page break (every one, not only the first: a Word
//!   document has no reason to drop the others).
//!
//! The functions (千位分隔符, 大写金额) and the escaped `<qrCode>`, `<barCode>`, `<img>` tags
//! are text after filling; the writer reads them from a paragraph's text.

use super::dto::OperatorRecord;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use serde_json::{Map, Value};
use std::cell::RefCell;

/// The group of the main record in the field tree and the template's tags (§6.3).
pub const HEAD_TABLE: &str = "headTable";

/// A node of a template.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Element(Element),
    Text(String),
    PageBreak,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    /// Lower-case tag name.
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<Node>,
}

impl Element {
    pub fn new(name: &str) -> Element {
        Element { name: name.to_string(), attrs: Vec::new(), children: Vec::new() }
    }

    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn with(mut self, children: Vec<Node>) -> Element {
        self.children = children;
        self
    }
}

const VOID: [&str; 9] = ["img", "br", "hr", "input", "meta", "col", "link", "area", "wbr"];

struct Builder {
    /// The open elements; the first is the root.
    stack: RefCell<Vec<Element>>,
}

impl Builder {
    fn push_node(&self, node: Node) {
        let mut stack = self.stack.borrow_mut();
        stack.last_mut().expect("root").children.push(node);
    }

    fn start(&self, tag: Tag) {
        let name = tag.name.to_string();
        let attrs = tag.attrs.iter().map(|a| (a.name.local.to_string(), a.value.to_string())).collect();
        let el = Element { name: name.clone(), attrs, children: Vec::new() };
        if tag.self_closing || VOID.contains(&name.as_str()) {
            self.push_node(Node::Element(el));
        } else {
            self.stack.borrow_mut().push(el);
        }
    }

    fn end(&self, name: &str) {
        let mut stack = self.stack.borrow_mut();
        // Close up to the nearest open element of this name (the ones left open inside it
        // close with it); an end tag nothing opened is ignored.
        let Some(at) = stack.iter().rposition(|e| e.name == name) else { return };
        if at == 0 {
            return;
        }
        while stack.len() > at {
            let done = stack.pop().expect("open");
            stack.last_mut().expect("root").children.push(Node::Element(done));
        }
    }
}

impl TokenSink for Builder {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        match token {
            Token::TagToken(tag) => match tag.kind {
                TagKind::StartTag => self.start(tag),
                TagKind::EndTag => self.end(&tag.name.to_string()),
            },
            Token::CharacterTokens(text) => {
                let mut stack = self.stack.borrow_mut();
                let parent = stack.last_mut().expect("root");
                if let Some(Node::Text(last)) = parent.children.last_mut() {
                    last.push_str(&text);
                } else {
                    parent.children.push(Node::Text(text.to_string()));
                }
            }
            Token::CommentToken(c) if c.trim() == "pagebreak" => self.push_node(Node::PageBreak),
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// The template's HTML as a tree (the root's children). Unclosed elements close at the end.
pub fn parse(html: &str) -> Vec<Node> {
    let builder = Builder { stack: RefCell::new(vec![Element::new("#root")]) };
    let tokenizer = Tokenizer::new(builder, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let builder = tokenizer.sink;
    let mut stack = builder.stack.into_inner();
    while stack.len() > 1 {
        let done = stack.pop().expect("open");
        stack.last_mut().expect("root").children.push(Node::Element(done));
    }
    stack.pop().expect("root").children
}

/// What a template is filled with besides the record.
pub struct Printing<'a> {
    /// `userName/userAccount` of the printing user.
    pub printer: &'a str,
    /// yyyy-MM-dd HH:mm.
    pub time: &'a str,
    /// The installation's offset from UTC in minutes (the approval table's times).
    pub offset_minutes: i32,
}

/// The JNPF client's names of `handleStatus` (§6.4).
fn handle_status(status: i64) -> &'static str {
    match status {
        0 => "退回",
        1 => "通过",
        2 => "发起",
        3 => "撤回",
        4 => "终止",
        5 => "指派",
        6 => "加签",
        7 => "转审",
        8 => "变更",
        9 => "复活",
        _ => "",
    }
}

fn text(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// `group.field` of a field span.
fn tag_of(e: &Element) -> Option<(&str, &str)> {
    if e.name != "span" {
        return None;
    }
    e.attr("data-tag")?.split_once('.')
}

struct Fill<'a> {
    data: &'a Map<String, Value>,
    operators: &'a [OperatorRecord],
    printing: &'a Printing<'a>,
}

impl Fill<'_> {
    fn rows(&self, group: &str) -> Vec<&Map<String, Value>> {
        match self.data.get(group) {
            Some(Value::Array(rows)) => rows.iter().filter_map(Value::as_object).collect(),
            _ => Vec::new(),
        }
    }

    fn field(&self, group: &str, field: &str, row: Option<(&str, &Map<String, Value>)>) -> Vec<Node> {
        match group {
            HEAD_TABLE => vec![Node::Text(text(self.data.get(field)))],
            "null" => match field {
                "systemPrinter" => vec![Node::Text(self.printing.printer.to_string())],
                "systemPrintTime" => vec![Node::Text(self.printing.time.to_string())],
                "systemApprovalContent" => vec![Node::Element(self.approval_table())],
                _ => Vec::new(),
            },
            _ => match row {
                Some((g, r)) if g == group => vec![Node::Text(text(r.get(field)))],
                _ => {
                    let all: Vec<String> = self.rows(group).iter().map(|r| text(r.get(field))).collect();
                    vec![Node::Text(all.join(","))]
                }
            },
        }
    }

    fn approval_table(&self) -> Element {
        let cell = |t: String| Node::Element(Element::new("td").with(vec![Node::Text(t)]));
        let mut rows = vec![Node::Element(Element::new("tr").with(["节点名称", "操作人员", "操作时间", "执行动作", "备注"].iter().map(|h| cell(h.to_string())).collect()))];
        for r in self.operators {
            let time = qiming_core::date::DateTime::from_epoch_ms(r.handle_time, self.printing.offset_minutes).map(|d| d.format("yyyy-MM-dd HH:mm")).unwrap_or_default();
            rows.push(Node::Element(Element::new("tr").with(vec![
                cell(r.node_name.clone()),
                cell(r.user_name.clone()),
                cell(time),
                cell(handle_status(r.handle_status).to_string()),
                cell(r.handle_opinion.clone()),
            ])));
        }
        Element::new("table").with(rows)
    }

    fn nodes(&self, nodes: &[Node], row: Option<(&str, &Map<String, Value>)>) -> Vec<Node> {
        let mut out = Vec::with_capacity(nodes.len());
        for n in nodes {
            match n {
                Node::Element(e) => {
                    if let Some((group, field)) = tag_of(e) {
                        out.extend(self.field(group, field, row));
                    } else if e.name == "table" {
                        out.push(Node::Element(self.table(e, row)));
                    } else {
                        out.push(Node::Element(Element { name: e.name.clone(), attrs: e.attrs.clone(), children: self.nodes(&e.children, row) }));
                    }
                }
                other => out.push(other.clone()),
            }
        }
        out
    }

    /// A table whose first field names a detail group repeats its rows holding that group's
    /// fields once per detail row.
    fn table(&self, table: &Element, row: Option<(&str, &Map<String, Value>)>) -> Element {
        let group = first_tag(&table.children).filter(|(g, _)| *g != HEAD_TABLE && *g != "null").map(|(g, _)| g.to_string());
        let Some(group) = group else {
            return Element { name: table.name.clone(), attrs: table.attrs.clone(), children: self.nodes(&table.children, row) };
        };
        let rows = self.rows(&group);
        let repeat = |children: &[Node]| -> Vec<Node> {
            let mut out = Vec::new();
            for n in children {
                match n {
                    Node::Element(e) if e.name == "tr" => {
                        if has_group(&e.children, &group) {
                            for r in &rows {
                                out.push(Node::Element(Element { name: "tr".into(), attrs: e.attrs.clone(), children: self.nodes(&e.children, Some((&group, r))) }));
                            }
                        } else {
                            out.push(Node::Element(Element { name: "tr".into(), attrs: e.attrs.clone(), children: self.nodes(&e.children, row) }));
                        }
                    }
                    other => out.extend(self.nodes(std::slice::from_ref(other), row)),
                }
            }
            out
        };
        let mut children = Vec::new();
        for n in &table.children {
            match n {
                Node::Element(e) if matches!(e.name.as_str(), "tbody" | "thead" | "tfoot") => {
                    children.push(Node::Element(Element { name: e.name.clone(), attrs: e.attrs.clone(), children: repeat(&e.children) }));
                }
                other => children.extend(repeat(std::slice::from_ref(other))),
            }
        }
        Element { name: table.name.clone(), attrs: table.attrs.clone(), children }
    }
}

fn first_tag(nodes: &[Node]) -> Option<(&str, &str)> {
    for n in nodes {
        if let Node::Element(e) = n {
            if let Some(t) = tag_of(e) {
                return Some(t);
            }
            if let Some(t) = first_tag(&e.children) {
                return Some(t);
            }
        }
    }
    None
}

fn has_group(nodes: &[Node], group: &str) -> bool {
    nodes.iter().any(|n| match n {
        Node::Element(e) => tag_of(e).is_some_and(|(g, _)| g == group) || has_group(&e.children, group),
        _ => false,
    })
}

/// The template filled for one record.
pub fn fill(template: &[Node], print_data: &Value, operators: &[OperatorRecord], printing: &Printing) -> Vec<Node> {
    let empty = Map::new();
    let data = print_data.as_object().unwrap_or(&empty);
    Fill { data, operators, printing }.nodes(template, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn texts(nodes: &[Node], out: &mut String) {
        for n in nodes {
            match n {
                Node::Text(t) => out.push_str(t),
                Node::Element(e) => {
                    if e.name == "tr" {
                        out.push('|');
                    }
                    texts(&e.children, out)
                }
                Node::PageBreak => out.push_str("<PB>"),
            }
        }
    }

    #[test]
    fn fills_fields_rows_and_system_fields() {
        let html = r#"<p>单号：<span data-tag="headTable.code" class="wk-print-tag-wukong">{code}</span><!-- pagebreak --></p>
<table><tbody><tr><td>品名</td></tr><tr><td><span data-tag="lines.item">{item}</span></td></tr></tbody></table>
<p><span data-tag="lines.item">{item}</span> <span data-tag="null.systemPrinter">{systemPrinter}</span> <span data-tag='isAmountChinese'>大写金额(<span data-tag="headTable.amount">{amount}</span>)<span></p>"#;
        let data = json!({"code": "A-1", "amount": "10.5", "lines": [{"item": "纸"}, {"item": "笔"}]});
        let printing = Printing { printer: "管理员/admin", time: "2024-01-15 10:00", offset_minutes: 480 };
        let filled = fill(&parse(html), &data, &[], &printing);
        let mut out = String::new();
        texts(&filled, &mut out);
        assert_eq!(out, "单号：A-1<PB>\n|品名|纸|笔\n纸,笔 管理员/admin 大写金额(10.5)");
    }
}
