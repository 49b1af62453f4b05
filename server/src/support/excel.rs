//! Excel workbooks for exports and imports: one sheet of text cells written with
//! rust_xlsxwriter, the first sheet of an .xlsx or .xls read with calamine; a .csv read as one
//! sheet (a preview).

use crate::error::AppError;
use calamine::{Data, Reader};
use qiming_core::date::DateTime;
use rust_xlsxwriter::{Format, Workbook};

/// A workbook of one sheet: a bold header row, then the rows, all cells text.
pub fn workbook(sheet: &str, headers: &[&str], rows: &[Vec<String>]) -> Result<Vec<u8>, AppError> {
    let mut book = Workbook::new();
    let ws = book.add_worksheet();
    ws.set_name(sheet).map_err(anyhow::Error::from)?;
    let bold = Format::new().set_bold();
    for (c, h) in headers.iter().enumerate() {
        ws.write_string_with_format(0, c as u16, *h, &bold).map_err(anyhow::Error::from)?;
        ws.set_column_width(c as u16, 16).map_err(anyhow::Error::from)?;
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if !cell.is_empty() {
                ws.write_string(r as u32 + 1, c as u16, cell).map_err(anyhow::Error::from)?;
            }
        }
    }
    Ok(book.save_to_buffer().map_err(anyhow::Error::from)?)
}

/// A cell as text: whole numbers without ".0", dates as yyyy-MM-dd.
fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.trim().to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::DateTime(d) => {
            // Excel counts days from 1899-12-30.
            let ms = ((d.as_f64() - 25_569.0) * 86_400_000.0).round() as i64;
            DateTime::from_epoch_ms(ms, 0).map(|t| t.format("yyyy-MM-dd")).unwrap_or_default()
        }
        other => other.to_string().trim().to_string(),
    }
}

/// The rows of the first sheet as text (the header row first); a file that is not a
/// workbook is a clear error.
pub fn read_first_sheet(bytes: &[u8]) -> Result<Vec<Vec<String>>, AppError> {
    const NOT_EXCEL: &str = "文件不是有效的Excel文件（.xls或.xlsx）";
    let mut sheets = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes.to_vec())).map_err(|_| AppError::bad(NOT_EXCEL))?;
    let range = sheets.worksheet_range_at(0).ok_or_else(|| AppError::bad("Excel文件中没有工作表"))?.map_err(|_| AppError::bad(NOT_EXCEL))?;
    let rows: Vec<Vec<String>> = range.rows().map(|row| row.iter().map(text).collect()).collect();
    // Cells are text input: control characters (an escaped NUL, say) are refused by position.
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            crate::wire::reject_controls(&format!("第{}行第{}列", r + 1, c + 1), cell)?;
        }
    }
    Ok(rows)
}

/// One sheet as text, cut to a size a page shows.
pub struct SheetText {
    pub name: String,
    pub rows: Vec<Vec<String>>,
    /// Rows or columns were left out.
    pub cut: bool,
}

/// The first `max_sheets` sheets of a workbook, each cut to `max_rows` rows of `max_cols`
/// cells (a preview).
pub fn read_sheets(bytes: &[u8], max_sheets: usize, max_rows: usize, max_cols: usize) -> Result<Vec<SheetText>, AppError> {
    const NOT_EXCEL: &str = "文件不是有效的Excel文件（.xls或.xlsx）";
    let mut sheets = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes)).map_err(|_| AppError::bad(NOT_EXCEL))?;
    let mut out = Vec::new();
    for name in sheets.sheet_names().into_iter().take(max_sheets) {
        let range = sheets.worksheet_range(&name).map_err(|_| AppError::bad(NOT_EXCEL))?;
        let (height, width) = range.get_size();
        let rows = range.rows().take(max_rows).map(|row| row.iter().take(max_cols).map(text).collect()).collect();
        out.push(SheetText { name, rows, cut: height > max_rows || width > max_cols });
    }
    Ok(out)
}

/// A .csv file as one sheet named `name`, cut to `max_rows` rows of `max_cols` cells. UTF-8
/// (with or without its BOM) or, when the bytes are not UTF-8, GBK — what Excel saves a CSV as
/// on a Chinese Windows. Rows may differ in length; a quote left open reads to the end.
pub fn read_csv(bytes: &[u8], name: &str, max_rows: usize, max_cols: usize) -> Result<SheetText, AppError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text.trim_start_matches('\u{feff}')),
        Err(_) => encoding_rs::GBK.decode_without_bom_handling(bytes).0,
    };
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let (mut rows, mut cut) = (Vec::new(), false);
    for record in reader.records() {
        let record = record.map_err(|_| AppError::bad("文件不是有效的CSV文件"))?;
        if rows.len() == max_rows {
            cut = true;
            break;
        }
        cut |= record.len() > max_cols;
        rows.push(record.iter().take(max_cols).map(str::to_string).collect());
    }
    Ok(SheetText { name: name.to_string(), rows, cut })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_written_workbook_reads_back() {
        let bytes = super::workbook("用户", &["账户", "姓名"], &[vec!["zs".into(), "张三".into()], vec!["007".into(), String::new()]]).unwrap();
        let rows = super::read_first_sheet(&bytes).unwrap();
        assert_eq!(rows, vec![vec!["账户", "姓名"], vec!["zs", "张三"], vec!["007", ""]]);
        assert!(super::read_first_sheet(b"not a workbook").is_err());
        let bytes = super::workbook("用户", &["账户"], &[vec!["z\u{1}s".into()]]).unwrap();
        assert_eq!(super::read_first_sheet(&bytes).unwrap_err().to_string(), "第2行第1列含有不允许的控制字符");
    }
}
