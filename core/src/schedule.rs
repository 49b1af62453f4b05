//! Schedules (日程, SCHED-*; jnpf-wire-areas.md §2.5): the values of the form's choices, the
//! times a schedule form gives — its start, its end and the end of its repetition — read and
//! checked with the form's messages, and the occurrences of a repeating schedule, one a day,
//! week, month or year up to the repeat end.
//!
//! Days are calendar days in the zone `offset_minutes` east of UTC (the server's
//! `QIMING_UTC_OFFSET_MINUTES`, China Standard Time by default); the zone has no daylight
//! saving, so a day is always 24 hours. Core never reads the clock. The fields that are not
//! times (type, title, urgency, reminder, …) are `entity::Form::Schedule`'s.

use crate::date::{DateTime, days_in_month, parse_time_of_day};
use crate::message::{FieldErrors, Message};
use serde_json::{Map, Value};

/// Urgency (`urgent`): 1 普通, 2 重要, 3 紧急 (spec 01 §3.12).
pub const URGENCY: &[(&str, &str)] = &[("1", "普通"), ("2", "重要"), ("3", "紧急")];
pub const URGENCY_CODES: &[&str] = &["1", "2", "3"];

/// Repetition codes (`repetition`): 1 not repeating, 2 daily, 3 weekly, 4 monthly, 5 yearly.
pub const REPETITION_CODES: &[&str] = &["1", "2", "3", "4", "5"];

/// `reminderTime`: −2 none, −1 at the start, else minutes before it.
pub const REMINDER_TIMES: &[&str] = &["-2", "-1", "5", "10", "15", "30", "60", "120", "1440"];

/// `duration`: minutes, or −1 when the end is chosen (custom).
pub const DURATIONS: &[&str] = &["30", "60", "90", "120", "180", "-1"];
pub const CUSTOM_DURATION: i64 = -1;

/// A repeating schedule is stored as one row per occurrence: at most this many, and its
/// repeat end at most [`MAX_REPEAT_YEARS`] after its start.
pub const MAX_OCCURRENCES: usize = 1000;
pub const MAX_REPEAT_YEARS: u32 = 2;

const DAY_MS: i64 = 86_400_000;
/// An all-day schedule ends at 23:59 of its last day.
const ALL_DAY_END_MS: i64 = DAY_MS - 60_000;

/// How a schedule repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repetition {
    None,
    Daily,
    Weekly,
    Monthly,
    Yearly,
}

impl Repetition {
    /// The repetition of a `repetition` code; empty is not repeating.
    pub fn from_code(code: &str) -> Option<Repetition> {
        Some(match code.trim() {
            "" | "1" => Repetition::None,
            "2" => Repetition::Daily,
            "3" => Repetition::Weekly,
            "4" => Repetition::Monthly,
            "5" => Repetition::Yearly,
            _ => return None,
        })
    }

    pub fn code(self) -> &'static str {
        match self {
            Repetition::None => "1",
            Repetition::Daily => "2",
            Repetition::Weekly => "3",
            Repetition::Monthly => "4",
            Repetition::Yearly => "5",
        }
    }

    pub fn is_repeating(self) -> bool {
        self != Repetition::None
    }
}

/// The name of an urgency code (普通, 重要, 紧急), as the schedule viewer shows it.
pub fn urgency_name(code: &str) -> Option<&'static str> {
    URGENCY.iter().find(|(c, _)| *c == code.trim()).map(|(_, name)| *name)
}

/// The times of a schedule, read from its form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Times {
    pub all_day: bool,
    /// The (first) occurrence's start and end, epoch ms. An all-day schedule runs from 00:00
    /// of its first day to 23:59 of its last.
    pub start: i64,
    pub end: i64,
    /// The start and end as the form's time pickers show them (`HH:mm`; on an all-day
    /// schedule what was sent, or '').
    pub start_time: String,
    pub end_time: String,
    /// Minutes, or −1 when the end is chosen (custom; always for an all-day schedule).
    pub duration: i64,
    pub repetition: Repetition,
    /// The repeat end as sent (ms); None when not repeating.
    pub repeat_until: Option<i64>,
}

fn message(key: &'static str, text: &'static str) -> Message {
    Message::new(key, text)
}

/// A field's value as text: a string trimmed, a number as written, empty for null.
fn text(record: &Map<String, Value>, name: &str) -> String {
    match record.get(name) {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => if *b { "1" } else { "0" }.to_string(),
        _ => String::new(),
    }
}

/// An instant (ms, as a number or as digits): None when empty, Err when it is no instant
/// of the years 1–9999.
fn instant(record: &Map<String, Value>, name: &str, offset_minutes: i32) -> Result<Option<(i64, DateTime)>, ()> {
    let value = text(record, name);
    if value.is_empty() {
        return Ok(None);
    }
    let ms: i64 = match value.parse::<i64>() {
        Ok(ms) => ms,
        // A whole number written as a float (1.7e12 or 1700000000000.0).
        Err(_) => match value.parse::<f64>() {
            Ok(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e16 => f as i64,
            _ => return Err(()),
        },
    };
    DateTime::from_epoch_ms(ms, offset_minutes).map(|d| Some((ms, d))).ok_or(())
}

/// Midnight (local) of a date, epoch ms.
fn midnight(d: DateTime, offset_minutes: i32) -> i64 {
    DateTime { hour: 0, minute: 0, second: 0, ..d }.to_epoch_ms(offset_minutes)
}

fn hh_mm(seconds: u32) -> String {
    format!("{:02}:{:02}", seconds / 3600, seconds % 3600 / 60)
}

/// The date `months` months after `d`, its day kept or, in a shorter month, the month's
/// last (31 January + 1 month is 28 or 29 February); None beyond the year 9999.
fn add_months(d: DateTime, months: u32) -> Option<DateTime> {
    let total = i64::from(d.year) * 12 + i64::from(d.month) - 1 + i64::from(months);
    let year = i32::try_from(total / 12).ok().filter(|y| *y <= 9999)?;
    let month = (total % 12) as u32 + 1;
    Some(DateTime { year, month, day: d.day.min(days_in_month(year, month)), ..d })
}

/// The day (y, m, d) of a date, for comparing days.
fn day_of(d: DateTime) -> (i32, u32, u32) {
    (d.year, d.month, d.day)
}

/// Reads the times of a schedule form (a creation's whole record, or an update's stored
/// values with what it sent on top) and checks them with the form's messages:
///
/// - `startDay` (ms; its day counts) is required, 请选择开始时间; unless `allDay` is 1, so is
///   `startTime` (`HH:mm`), 开始时间不能为空, and `duration`, 请选择时长;
/// - the end is the start plus `duration` minutes — whatever `endDay`/`endTime` say, as the
///   client may send stale ones — or, for a custom duration (−1), `endDay` + `endTime`; an
///   all-day schedule ends at 23:59 of `endDay`. The end is required then (请选择结束时间,
///   结束时间不能为空) and must be after the start (结束时间必须晚于开始时间);
/// - a repeating schedule (`repetition` 2–5) needs `repeatTime` (请选择结束重复), a day after
///   the start's (结束重复必须晚于开始时间) and at most two years after it.
pub fn read_times(record: &Map<String, Value>, offset_minutes: i32) -> Result<Times, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut fail = |field: &str, m: Message| errors.entry(field.to_string()).or_default().push(m);
    let all_day = text(record, "allDay") == "1";

    let start_day = match instant(record, "startDay", offset_minutes) {
        Ok(Some((_, d))) => Some(d),
        Ok(None) => {
            fail("startDay", message("schedule.startDayRequired", "请选择开始时间"));
            None
        }
        Err(()) => {
            fail("startDay", message("schedule.startDayInvalid", "开始时间不正确"));
            None
        }
    };
    let clock = |field: &str, required: Message, fail: &mut dyn FnMut(&str, Message)| -> Option<u32> {
        let value = text(record, field);
        if value.is_empty() {
            fail(field, required);
            return None;
        }
        let seconds = parse_time_of_day(&value);
        if seconds.is_none() {
            fail(field, message("schedule.timeInvalid", "时间格式不正确"));
        }
        seconds
    };

    let (start, start_time) = if all_day {
        (start_day.map(|d| midnight(d, offset_minutes)), text(record, "startTime"))
    } else {
        let seconds = clock("startTime", message("schedule.startTimeRequired", "开始时间不能为空"), &mut fail);
        let start = start_day.zip(seconds).map(|(d, s)| midnight(d, offset_minutes) + i64::from(s) * 1000);
        (start, seconds.map(hh_mm).unwrap_or_default())
    };

    let duration = if all_day {
        CUSTOM_DURATION
    } else {
        let value = text(record, "duration");
        if value.is_empty() {
            fail("duration", message("schedule.durationRequired", "请选择时长"));
            0
        } else if !DURATIONS.contains(&value.as_str()) {
            fail("duration", message("schedule.durationInvalid", "时长只能是30、60、90、120、180分钟或自定义"));
            0
        } else {
            value.parse().unwrap_or(0)
        }
    };

    let after_start = || message("schedule.endBeforeStart", "结束时间必须晚于开始时间");
    let (end, end_time) = if all_day || duration == CUSTOM_DURATION {
        let end_day = match instant(record, "endDay", offset_minutes) {
            Ok(Some((_, d))) => Some(d),
            Ok(None) => {
                fail("endDay", message("schedule.endDayRequired", "请选择结束时间"));
                None
            }
            Err(()) => {
                fail("endDay", message("schedule.endDayInvalid", "结束时间不正确"));
                None
            }
        };
        if all_day {
            let end = end_day.map(|d| midnight(d, offset_minutes) + ALL_DAY_END_MS);
            if let (Some(first), Some(last)) = (start_day, end_day)
                && day_of(last) < day_of(first)
            {
                fail("endDay", after_start());
            }
            (end, text(record, "endTime"))
        } else {
            let seconds = clock("endTime", message("schedule.endTimeRequired", "结束时间不能为空"), &mut fail);
            let end = end_day.zip(seconds).map(|(d, s)| midnight(d, offset_minutes) + i64::from(s) * 1000);
            if let (Some(s), Some(e)) = (start, end)
                && e <= s
            {
                fail("endDay", after_start());
            }
            (end, seconds.map(hh_mm).unwrap_or_default())
        }
    } else {
        let end = start.map(|s| s + duration * 60_000);
        let end_time = end.and_then(|e| DateTime::from_epoch_ms(e, offset_minutes)).map(|d| d.format("HH:mm")).unwrap_or_default();
        (end, end_time)
    };

    let repetition = match Repetition::from_code(&text(record, "repetition")) {
        Some(r) => r,
        None => {
            fail("repetition", message("schedule.repetitionInvalid", "重复只能是不重复、每天、每周、每月或每年"));
            Repetition::None
        }
    };
    let mut repeat_until = None;
    if repetition.is_repeating() {
        match instant(record, "repeatTime", offset_minutes) {
            Ok(Some((ms, until))) => {
                repeat_until = Some(ms);
                if let Some(first) = start_day
                    && let Some(problem) = check_repeat_end(first, until)
                {
                    fail("repeatTime", problem);
                }
            }
            Ok(None) => fail("repeatTime", message("schedule.repeatTimeRequired", "请选择结束重复")),
            Err(()) => fail("repeatTime", message("schedule.repeatTimeInvalid", "结束重复不正确")),
        }
    }

    match (start, end) {
        (Some(start), Some(end)) if errors.is_empty() => {
            Ok(Times { all_day, start, end, start_time, end_time, duration, repetition, repeat_until })
        }
        _ => Err(errors),
    }
}

/// The problem with a repeat end for a series starting on `first`: not after its day, or
/// more than two years after it.
fn check_repeat_end(first: DateTime, until: DateTime) -> Option<Message> {
    if day_of(until) <= day_of(first) {
        return Some(message("schedule.repeatTimeBeforeStart", "结束重复必须晚于开始时间"));
    }
    let limit = add_months(first, MAX_REPEAT_YEARS * 12)?;
    if day_of(until) > day_of(limit) {
        return Some(
            Message::new("schedule.repeatTooLong", format!("重复日程最长两年，结束重复不能晚于{}", limit.format("yyyy-MM-dd")))
                .with("limit", limit.format("yyyy-MM-dd")),
        );
    }
    None
}

/// The occurrences (start, end) of a schedule: itself when it does not repeat; else one a
/// day, week, month or year from its start (the same time of day and length; a monthly or
/// yearly one on the start's day of the month, or the month's last day when it is shorter)
/// while the occurrence's day is not after the repeat end's. Refused with a message when the
/// repeat end is not after the start's day, more than two years after it, or the series
/// would pass [`MAX_OCCURRENCES`].
pub fn occurrences(times: &Times, offset_minutes: i32) -> Result<Vec<(i64, i64)>, Message> {
    let until = match (times.repetition.is_repeating(), times.repeat_until) {
        (false, _) => return Ok(vec![(times.start, times.end)]),
        (true, None) => return Err(message("schedule.repeatTimeRequired", "请选择结束重复")),
        (true, Some(until)) => until,
    };
    let invalid = || message("schedule.repeatTimeInvalid", "结束重复不正确");
    let first = DateTime::from_epoch_ms(times.start, offset_minutes).ok_or_else(invalid)?;
    let until = DateTime::from_epoch_ms(until, offset_minutes).ok_or_else(invalid)?;
    if let Some(problem) = check_repeat_end(first, until) {
        return Err(problem);
    }
    let length = times.end - times.start;
    let mut out = Vec::new();
    for k in 0u32.. {
        let date = match times.repetition {
            Repetition::Monthly => add_months(first, k),
            Repetition::Yearly => add_months(first, k.saturating_mul(12)),
            // Daily or weekly (a series that does not repeat was answered above).
            _ => {
                let days = i64::from(k) * if times.repetition == Repetition::Weekly { 7 } else { 1 };
                DateTime::from_epoch_ms(times.start + days * DAY_MS, offset_minutes)
            }
        };
        let Some(date) = date.filter(|d| day_of(*d) <= day_of(until)) else { break };
        if out.len() == MAX_OCCURRENCES {
            return Err(Message::new("schedule.repeatTooMany", format!("重复日程最多{MAX_OCCURRENCES}次")).with("max", MAX_OCCURRENCES));
        }
        let start = date.to_epoch_ms(offset_minutes);
        out.push((start, start + length));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const CST: i32 = 480;

    fn ms(text: &str) -> i64 {
        DateTime::parse(text).unwrap().to_epoch_ms(CST)
    }

    fn read(record: Value) -> Result<Times, Vec<(String, String)>> {
        read_times(record.as_object().unwrap(), CST)
            .map_err(|e| e.into_iter().flat_map(|(k, v)| v.into_iter().map(move |m| (k.clone(), m.text))).collect())
    }

    fn days(list: &[(i64, i64)]) -> Vec<String> {
        list.iter().map(|(s, _)| DateTime::from_epoch_ms(*s, CST).unwrap().format("yyyy-MM-dd HH:mm")).collect()
    }

    // SCHED-001: the end is the start plus the duration (a stale end is ignored), or the
    // chosen end for a custom duration; an all-day schedule spans whole days.
    #[test]
    fn sched_001_times_of_the_form() {
        let t = read(json!({"startDay": ms("2024-03-01 15:00"), "startTime": "09:30", "duration": 90, "endDay": 0, "endTime": "08:00"})).unwrap();
        assert_eq!((t.start, t.end, t.start_time.as_str(), t.end_time.as_str()), (ms("2024-03-01 09:30"), ms("2024-03-01 11:00"), "09:30", "11:00"));
        assert_eq!((t.all_day, t.duration, t.repetition, t.repeat_until), (false, 90, Repetition::None, None));
        let t = read(json!({"startDay": ms("2024-03-01").to_string(), "startTime": "22:00", "duration": "-1", "endDay": ms("2024-03-02"), "endTime": "01:15"})).unwrap();
        assert_eq!((t.start, t.end, t.end_time.as_str()), (ms("2024-03-01 22:00"), ms("2024-03-02 01:15"), "01:15"));
        let t = read(json!({"allDay": 1, "startDay": ms("2024-03-01 12:00"), "endDay": ms("2024-03-03"), "duration": 60})).unwrap();
        assert_eq!((t.start, t.end, t.duration), (ms("2024-03-01 00:00"), ms("2024-03-03 23:59"), -1));
        // An all-day schedule may end on its first day.
        assert!(read(json!({"allDay": true, "startDay": ms("2024-03-01"), "endDay": ms("2024-03-01")})).is_ok());
    }

    #[test]
    fn sched_001_time_messages() {
        assert_eq!(
            read(json!({})).unwrap_err(),
            [("duration".into(), "请选择时长".into()), ("startDay".into(), "请选择开始时间".into()), ("startTime".into(), "开始时间不能为空".into())]
        );
        assert_eq!(
            read(json!({"startDay": "x", "startTime": "25:00", "duration": 45})).unwrap_err(),
            [
                ("duration".into(), "时长只能是30、60、90、120、180分钟或自定义".into()),
                ("startDay".into(), "开始时间不正确".into()),
                ("startTime".into(), "时间格式不正确".into())
            ]
        );
        let day = ms("2024-03-01");
        assert_eq!(
            read(json!({"startDay": day, "startTime": "10:00", "duration": -1})).unwrap_err(),
            [("endDay".into(), "请选择结束时间".into()), ("endTime".into(), "结束时间不能为空".into())]
        );
        for end in ["10:00", "09:59"] {
            assert_eq!(
                read(json!({"startDay": day, "startTime": "10:00", "duration": -1, "endDay": day, "endTime": end})).unwrap_err(),
                [("endDay".into(), "结束时间必须晚于开始时间".into())]
            );
        }
        assert_eq!(
            read(json!({"allDay": 1, "startDay": day, "endDay": ms("2024-02-29")})).unwrap_err(),
            [("endDay".into(), "结束时间必须晚于开始时间".into())]
        );
        assert_eq!(read(json!({"allDay": 1, "startDay": day})).unwrap_err(), [("endDay".into(), "请选择结束时间".into())]);
        assert_eq!(
            read(json!({"startDay": i64::MAX, "startTime": "10:00", "duration": 30})).unwrap_err(),
            [("startDay".into(), "开始时间不正确".into())]
        );
    }

    #[test]
    fn sched_002_repeat_end() {
        let base = |extra: Value| {
            let mut r = json!({"startDay": ms("2024-03-01"), "startTime": "09:00", "duration": 30});
            r.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            read(r)
        };
        // '1' (and nothing) is not repeating: a repeat end is not read.
        assert_eq!(base(json!({"repetition": "1", "repeatTime": "x"})).unwrap().repeat_until, None);
        assert_eq!(base(json!({"repetition": 2})).unwrap_err(), [("repeatTime".into(), "请选择结束重复".into())]);
        assert_eq!(base(json!({"repetition": "9"})).unwrap_err(), [("repetition".into(), "重复只能是不重复、每天、每周、每月或每年".into())]);
        assert_eq!(
            base(json!({"repetition": "2", "repeatTime": ms("2024-03-01 23:00")})).unwrap_err(),
            [("repeatTime".into(), "结束重复必须晚于开始时间".into())]
        );
        assert_eq!(
            base(json!({"repetition": "2", "repeatTime": ms("2026-03-02")})).unwrap_err(),
            [("repeatTime".into(), "重复日程最长两年，结束重复不能晚于2026-03-01".into())]
        );
        assert_eq!(base(json!({"repetition": "2", "repeatTime": ms("2026-03-01")})).unwrap().repeat_until, Some(ms("2026-03-01")));
    }

    #[test]
    fn sched_002_occurrences() {
        let times = |repetition: Repetition, start: &str, until: &str| Times {
            all_day: false,
            start: ms(start),
            end: ms(start) + 3_600_000,
            start_time: String::new(),
            end_time: String::new(),
            duration: 60,
            repetition,
            repeat_until: Some(ms(until)),
        };
        // Not repeating: itself.
        let single = Times { repetition: Repetition::None, ..times(Repetition::Daily, "2024-03-01 09:00", "2024-03-05") };
        assert_eq!(occurrences(&single, CST).unwrap(), [(single.start, single.end)]);
        // Daily through the repeat end's day, inclusive.
        let daily = occurrences(&times(Repetition::Daily, "2024-02-27 09:00", "2024-03-02 00:00"), CST).unwrap();
        assert_eq!(days(&daily), ["2024-02-27 09:00", "2024-02-28 09:00", "2024-02-29 09:00", "2024-03-01 09:00", "2024-03-02 09:00"]);
        assert!(daily.iter().all(|(s, e)| e - s == 3_600_000));
        let weekly = occurrences(&times(Repetition::Weekly, "2024-03-01 09:00", "2024-03-28"), CST).unwrap();
        assert_eq!(days(&weekly), ["2024-03-01 09:00", "2024-03-08 09:00", "2024-03-15 09:00", "2024-03-22 09:00"]);
        // Monthly on the 31st: the month's last day when it is shorter, the 31st again after.
        let monthly = occurrences(&times(Repetition::Monthly, "2024-01-31 09:00", "2024-05-31"), CST).unwrap();
        assert_eq!(days(&monthly), ["2024-01-31 09:00", "2024-02-29 09:00", "2024-03-31 09:00", "2024-04-30 09:00", "2024-05-31 09:00"]);
        let yearly = occurrences(&times(Repetition::Yearly, "2024-02-29 09:00", "2026-02-28"), CST).unwrap();
        assert_eq!(days(&yearly), ["2024-02-29 09:00", "2025-02-28 09:00", "2026-02-28 09:00"]);
        // Two years of daily occurrences is the most (731 + 1 here), under the cap.
        assert_eq!(occurrences(&times(Repetition::Daily, "2024-03-01 09:00", "2026-03-01"), CST).unwrap().len(), 731);
        assert_eq!(
            occurrences(&times(Repetition::Daily, "2024-03-01 09:00", "2026-03-02"), CST).unwrap_err().text,
            "重复日程最长两年，结束重复不能晚于2026-03-01"
        );
        assert_eq!(occurrences(&times(Repetition::Daily, "2024-03-01 09:00", "2024-03-01"), CST).unwrap_err().text, "结束重复必须晚于开始时间");
    }

    #[test]
    fn urgency_and_repetition_codes() {
        assert_eq!((urgency_name("1"), urgency_name(" 3 "), urgency_name("4")), (Some("普通"), Some("紧急"), None));
        for code in REPETITION_CODES {
            assert_eq!(Repetition::from_code(code).unwrap().code(), *code);
        }
        assert_eq!(Repetition::from_code(""), Some(Repetition::None));
        assert_eq!(Repetition::from_code("0"), None);
    }
}
