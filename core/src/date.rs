//! The little calendar arithmetic the rules need: real dates (ID card birth dates), date and
//! time texts of the widgets, epoch milliseconds (JNPF stores dates as timestamps) and the
//! serial-number date formats. Core never reads the clock: every "today" is passed in.

/// A calendar date and time of day, without a time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateTime {
    pub year: i32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

/// China Standard Time, the customer's zone: how date texts and timestamps are related when
/// a rule has to compare one with the other.
pub const DEFAULT_UTC_OFFSET_MINUTES: i32 = 8 * 60;

/// Years outside this range are not dates anyone fills in; bounding them keeps the arithmetic
/// far from overflow on hostile input.
const YEAR_RANGE: std::ops::RangeInclusive<i32> = 1..=9999;

pub fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

pub fn is_valid_date(year: i32, month: u32, day: u32) -> bool {
    YEAR_RANGE.contains(&year) && day >= 1 && day <= days_in_month(year, month)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i32, month: u32, day: u32) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(days: i64) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32, month, day)
}

impl DateTime {
    /// Reads `yyyy`, `yyyy-MM`, `yyyy-MM-dd`, optionally followed by ` HH:mm` or
    /// ` HH:mm:ss` (a `T` works as the separator, `/` between date parts). Missing parts are
    /// the start of the period. None for anything else or an impossible date.
    pub fn parse(text: &str) -> Option<DateTime> {
        let text = text.trim();
        let (date, time) = match text.split_once([' ', 'T']) {
            Some((d, t)) => (d, Some(t.trim())),
            None => (text, None),
        };
        let mut parts = date.split(['-', '/']);
        let year = parse_digits(parts.next()?, 4, 4)? as i32;
        let month = parts.next().map(|p| parse_digits(p, 1, 2)).unwrap_or(Some(1))?;
        let day = parts.next().map(|p| parse_digits(p, 1, 2)).unwrap_or(Some(1))?;
        if parts.next().is_some() || !is_valid_date(year, month, day) {
            return None;
        }
        let (hour, minute, second) = match time {
            None => (0, 0, 0),
            Some(t) => split_time(t.trim_end_matches('Z'))?,
        };
        Some(DateTime { year, month, day, hour, minute, second })
    }

    /// The instant this wall-clock time names in a zone `offset_minutes` east of UTC.
    pub fn to_epoch_ms(self, offset_minutes: i32) -> i64 {
        let days = days_from_civil(self.year, self.month, self.day);
        let secs = days * 86_400
            + i64::from(self.hour) * 3600
            + i64::from(self.minute) * 60
            + i64::from(self.second)
            - i64::from(offset_minutes) * 60;
        secs * 1000
    }

    /// The wall-clock time of an instant in a zone `offset_minutes` east of UTC; None outside
    /// years 1..9999.
    pub fn from_epoch_ms(ms: i64, offset_minutes: i32) -> Option<DateTime> {
        let secs = ms.div_euclid(1000).checked_add(i64::from(offset_minutes) * 60)?;
        let days = secs.div_euclid(86_400);
        let rem = secs.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        if !YEAR_RANGE.contains(&year) {
            return None;
        }
        Some(DateTime {
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem % 3600 / 60) as u32,
            second: (rem % 60) as u32,
        })
    }

    /// Formats with the patterns the widgets use: yyyy, MM, dd, HH, mm, ss (YYYY and DD as
    /// dayjs writes them too); other characters are copied.
    pub fn format(self, pattern: &str) -> String {
        let mut out = String::with_capacity(pattern.len() + 4);
        let mut rest = pattern;
        while let Some(c) = rest.chars().next() {
            let (text, len) = if rest.starts_with("yyyy") || rest.starts_with("YYYY") {
                (format!("{:04}", self.year), 4)
            } else if rest.starts_with("MM") {
                (format!("{:02}", self.month), 2)
            } else if rest.starts_with("dd") || rest.starts_with("DD") {
                (format!("{:02}", self.day), 2)
            } else if rest.starts_with("HH") {
                (format!("{:02}", self.hour), 2)
            } else if rest.starts_with("mm") {
                (format!("{:02}", self.minute), 2)
            } else if rest.starts_with("ss") {
                (format!("{:02}", self.second), 2)
            } else {
                (c.to_string(), c.len_utf8())
            };
            out.push_str(&text);
            rest = rest.get(len..).unwrap_or("");
        }
        out
    }
}

/// Seconds since midnight of `HH:mm` or `HH:mm:ss`.
pub fn parse_time_of_day(text: &str) -> Option<u32> {
    let (h, m, s) = split_time(text.trim())?;
    Some(h * 3600 + m * 60 + s)
}

fn split_time(text: &str) -> Option<(u32, u32, u32)> {
    // Fractions of a second ("12:00:00.000") are ignored.
    let text = text.split('.').next().unwrap_or(text);
    let mut parts = text.split(':');
    let hour = parse_digits(parts.next()?, 1, 2)?;
    let minute = parse_digits(parts.next()?, 1, 2)?;
    let second = parts.next().map(|p| parse_digits(p, 1, 2)).unwrap_or(Some(0))?;
    (parts.next().is_none() && hour < 24 && minute < 60 && second < 60).then_some((hour, minute, second))
}

/// A run of `min..=max` ASCII digits as a number.
fn parse_digits(text: &str, min: usize, max: usize) -> Option<u32> {
    let b = text.as_bytes();
    if b.len() < min || b.len() > max || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |acc, d| acc * 10 + u32::from(d - b'0')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar() {
        assert!(is_valid_date(2024, 2, 29));
        assert!(!is_valid_date(2023, 2, 29));
        assert!(!is_valid_date(1900, 2, 29));
        assert!(is_valid_date(2000, 2, 29));
        assert!(!is_valid_date(2024, 13, 1));
        assert!(!is_valid_date(2024, 4, 31));
    }

    #[test]
    fn epoch_round_trip() {
        let d = DateTime::parse("2024-01-15 08:30:05").unwrap();
        // 2024-01-15T00:30:05Z
        assert_eq!(d.to_epoch_ms(480), 1_705_278_605_000);
        assert_eq!(DateTime::from_epoch_ms(1_705_278_605_000, 480), Some(d));
        assert_eq!(DateTime::parse("1970-01-01").unwrap().to_epoch_ms(0), 0);
        assert_eq!(DateTime::from_epoch_ms(i64::MAX, 480), None);
        assert_eq!(DateTime::from_epoch_ms(i64::MIN, 0), None);
        for days in [-719_162i64, -1, 0, 59, 11_016, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn parse_and_format() {
        let d = DateTime::parse("2024-1-5").unwrap();
        assert_eq!(d.format("yyyyMMdd"), "20240105");
        assert_eq!(d.format("yyyy年MM月"), "2024年01月");
        assert_eq!(DateTime::parse("2024").unwrap().format("yyyy-MM-dd"), "2024-01-01");
        assert!(DateTime::parse("2024-02-30").is_none());
        assert!(DateTime::parse("abc").is_none());
        assert!(DateTime::parse("2024-01-01 25:00").is_none());
        assert_eq!(parse_time_of_day("23:59:59"), Some(86_399));
        assert_eq!(parse_time_of_day("08:05"), Some(29_100));
        assert_eq!(parse_time_of_day("24:00:00"), None);
    }
}
