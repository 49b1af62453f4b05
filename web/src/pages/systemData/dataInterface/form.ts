/**
 * The data interface form's values and what it sends (jnpf-wire-areas.md §2.4): the stored
 * record keeps its headers, parameters and settings as JSON text; the form edits them as rows.
 * What is right is the rules core's (`checkEntity('dataInterface')`) and the server's (the SQL
 * guard, the parameter names) to say: this file only converts.
 */
import type { InterfaceForm, InterfaceRow } from '@/api/dataInterface';
import type { CommonValues } from '@/components/entityValues';

/** 1 SQL, 2 static JSON, 3 HTTP. */
export type DataType = 1 | 2 | 3;
export const DATA_TYPES: DataType[] = [1, 2, 3];
/** The parameter types: values, and those the server fills from the session (DI-003). */
export const PARAM_TYPES = ['varchar', 'int', 'decimal', 'datetime', 'createUser', 'createTime', 'currOrganize', 'currPosition'] as const;
/** HTTP methods: '6' GET, '7' POST. */
export const HTTP_METHODS = ['6', '7'] as const;
/** The SQL's only method, query. */
export const SQL_QUERY = '3';

export interface ParamRow {
  field: string;
  dataType: string;
  defaultValue: string;
  required: boolean;
  fieldName: string;
}

export interface HeaderRow {
  field: string;
  defaultValue: string;
}

export interface InterfaceValues extends CommonValues {
  categoryId?: string;
  dataType: DataType;
  /** The SQL text or the static JSON text. */
  query: string;
  path: string;
  requestMethod: string;
  /** Seconds an HTTP call may take (propertyJson.timeout). */
  timeout: number | null;
  params: ParamRow[];
  headers: HeaderRow[];
  /** propertyJson's other settings, kept as they were. */
  property: Record<string, unknown>;
}

function parse<T>(text: string | undefined | null, fallback: T): T {
  if (!text || !text.trim()) return fallback;
  try {
    const value = JSON.parse(text) as unknown;
    return (value ?? fallback) as T;
  } catch {
    return fallback;
  }
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function rowToValues(row: InterfaceRow | null, categoryId?: string): InterfaceValues {
  if (!row) {
    return {
      fullName: '',
      enCode: '',
      categoryId: categoryId || undefined,
      dataType: 1,
      query: '',
      path: '',
      requestMethod: '6',
      timeout: null,
      params: [],
      headers: [],
      sortCode: 0,
      enabledMark: 1,
      description: '',
      property: {},
    };
  }
  const property = parse<Record<string, unknown>>(row.propertyJson, {});
  const { timeout, ...rest } = property && typeof property === 'object' && !Array.isArray(property) ? property : ({} as Record<string, unknown>);
  const params = parse<Record<string, unknown>[]>(row.requestParameters, []);
  const headers = parse<Record<string, unknown>[]>(row.requestHeaders, []);
  const dataType = (DATA_TYPES as number[]).includes(row.dataType) ? (row.dataType as DataType) : 1;
  return {
    fullName: row.fullName,
    enCode: row.enCode,
    categoryId: row.categoryId || undefined,
    dataType,
    query: row.query ?? '',
    path: row.path ?? '',
    requestMethod: dataType === 3 && row.requestMethod ? row.requestMethod : '6',
    timeout: typeof timeout === 'number' ? timeout : timeout ? Number(timeout) || null : null,
    params: (Array.isArray(params) ? params : []).map((p) => ({
      field: str(p.field),
      dataType: str(p.dataType) || 'varchar',
      defaultValue: str(p.defaultValue),
      required: p.required === 1 || p.required === '1' || p.required === true,
      fieldName: str(p.fieldName),
    })),
    headers: (Array.isArray(headers) ? headers : []).map((h) => ({ field: str(h.field), defaultValue: str(h.defaultValue) })),
    sortCode: row.sortCode ?? 0,
    enabledMark: row.enabledMark ?? 1,
    description: row.description ?? '',
    property: rest,
  };
}

export function valuesToWire(v: InterfaceValues): InterfaceForm {
  const dataType = v.dataType ?? 1;
  const property = { ...(v.property ?? {}), ...(dataType === 3 && v.timeout ? { timeout: v.timeout } : {}) };
  return {
    fullName: (v.fullName ?? '').trim(),
    enCode: (v.enCode ?? '').trim(),
    categoryId: v.categoryId ?? '',
    dataType,
    requestMethod: dataType === 1 ? SQL_QUERY : dataType === 3 ? (v.requestMethod ?? '6') : '',
    query: dataType === 3 ? '' : (v.query ?? ''),
    path: dataType === 3 ? (v.path ?? '').trim() : '',
    requestParameters: JSON.stringify(
      (v.params ?? []).map((p) => ({
        field: (p?.field ?? '').trim(),
        dataType: p?.dataType ?? '',
        defaultValue: p?.defaultValue ?? '',
        required: p?.required ? 1 : 0,
        fieldName: p?.fieldName ?? '',
      })),
    ),
    requestHeaders: JSON.stringify(dataType === 3 ? (v.headers ?? []).map((h) => ({ field: (h?.field ?? '').trim(), defaultValue: h?.defaultValue ?? '' })) : []),
    propertyJson: Object.keys(property).length ? JSON.stringify(property) : '',
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark ?? 1,
    description: v.description ?? '',
  };
}

/** The answer of a preview as the test page prints it. */
export function previewText(data: unknown): string {
  if (typeof data === 'string') return data;
  return JSON.stringify(data ?? null, null, 2);
}
