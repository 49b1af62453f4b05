/**
 * The fields every administration record has (名称, 编码, 排序, 状态, 说明) between the server's
 * info, the form's values and what is sent: one place, so each dialog's toValues/toWire says
 * only what is its own.
 */
export interface CommonValues {
  fullName: string;
  enCode: string;
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

/** A new record's: empty name and code, sort 0, enabled, no description. */
export const NEW_COMMON: CommonValues = { fullName: '', enCode: '', sortCode: 0, enabledMark: 1, description: '' };

/** The form's values of a loaded record. */
export const commonValues = (info: CommonValues): CommonValues => ({
  fullName: info.fullName,
  enCode: info.enCode,
  sortCode: info.sortCode,
  enabledMark: info.enabledMark,
  description: info.description,
});

/** What is sent: name and code trimmed, sort 0 when empty. */
export const commonWire = (v: CommonValues) => ({
  fullName: v.fullName?.trim() ?? '',
  enCode: v.enCode?.trim() ?? '',
  sortCode: v.sortCode ?? 0,
  enabledMark: v.enabledMark,
  description: v.description ?? '',
});
