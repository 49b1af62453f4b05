/**
 * /api/permission/Users: user management and the user pickers (spec 02 §7.5, ORG-011..026;
 * jnpf-wire-areas.md §1.1, §1.9). The signed-in user's own calls (Users/Current) are in
 * user.ts.
 */
import type { components } from './schema';
import { api, undocumented } from './client';
import type { Envelope } from './request';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type UserRow = Schemas['UserRow'];
export type UserDetail = Schemas['UserDetail'];
export type UserForm = Schemas['UserForm'];
export type CreatedUser = Schemas['CreatedUser'];
export type UserWork = Schemas['UserWork'];
export type WorkItem = Schemas['WorkItem'];
/** A user as every picker shows one (ORG-004): fullName is "name/account". */
export type UserItem = Schemas['UserItem'];
/** A node of the lazy user tree: a company or department that opens, or a user. */
export type UserNode = Schemas['UserNode'];
/** An entry of a mixed picker's value, its id bare (ORG-018). */
export type SelectedItem = Schemas['SelectedItem'];
export type FileUrl = Schemas['FileUrl'];
/** A row of an import: the export's column keys → text (errorsInfo on a refused one). */
export type ImportRow = Record<string, string>;
/** What an import did (IMP-015); the schema documents the rows as open objects. */
export type ImportResult = Omit<Schemas['ImportResult'], 'failResult'> & { failResult: ImportRow[] };
/** ResetPassword's body: both entries as MD5; plainPassword lets the server check the policy. */
export type PasswordReset = Schemas['PasswordReset'] & { plainPassword?: string };



/** ORG-021: organizeId '' every user, else an organisation's and below. */
export function getUserList(query: { currentPage: number; pageSize: number; keyword: string; organizeId: string }) {
  return api.GET('/api/permission/Users', { params: { query } });
}

/** The list's query. */
export type UserQuery = Parameters<typeof getUserList>[0];

export function getUser(id: string) {
  return api.GET('/api/permission/Users/{id}', { params: { path: { id } } });
}

/** Answers the generated initial password, shown once. */
export function createUser(form: UserForm) {
  return api.POST('/api/permission/Users', { body: form });
}

export function updateUser(id: string, form: UserForm) {
  return api.PUT('/api/permission/Users/{id}', { params: { path: { id } }, body: form });
}

export function deleteUser(id: string) {
  return api.DELETE('/api/permission/Users/{id}', { params: { path: { id } } });
}

/** ORG-008, ORG-022: enabled ↔ disabled; the server flips it. */
export function toggleUserState(id: string) {
  return api.PUT('/api/permission/Users/{id}/Actions/State', { params: { path: { id } } });
}

/** ORG-022 */
export function resetUserPassword(id: string, body: PasswordReset) {
  return api.POST('/api/permission/Users/{id}/Actions/ResetPassword', { params: { path: { id } }, body: undocumented(body, { id }) });
}

/** ORG-022: lifts the lock of too many failed sign-ins. */
export function unlockUser(id: string) {
  return api.PUT('/api/permission/Users/{id}/Actions/unlock', { params: { path: { id } } });
}

/** ORG-023: what a user holds that a handover passes on. */
export function getWorkByUser(fromId: string) {
  return api.GET('/api/permission/Users/getWorkByUser', { params: { query: { fromId } } });
}

/** ORG-023 */
export function handOverWork(fromId: string, handoverUser: string) {
  return api.POST('/api/permission/Users/workHandover', { body: { fromId, handoverUser } });
}

// ---- the pickers (jnpf-wire-areas.md §1.9) ---------------------------------------------------

/** The user pickers' page size (spec 02 §9). */
export const PICKER_PAGE_SIZE = 20;

/**
 * ORG-011, ORG-012: the lazy tree under a node ('0' the top) — `{}` when a node opens — or,
 * with a keyword, a flat page of users (a search always asks at '0').
 */
export function getUserTree(nodeId: string, body: { keyword?: string; currentPage?: number; pageSize?: number }) {
  return api.POST('/api/permission/Users/ImUser/Selector/{nodeId}', { params: { path: { nodeId: nodeId || '0' } }, body });
}

/** ORG-015: the users of the caller's organisation (a data array). */
export function getOrganizationUsers(keyword: string) {
  return api.GET('/api/permission/Users/getOrganization', { params: { query: undocumented({ keyword }, { organizeId: '0' }) } });
}

/** ORG-016: the caller's subordinates (a data array). */
export function getSubordinateUsers(keyword: string) {
  return api.POST('/api/permission/Users/getSubordinates', { body: { keyword } });
}

/** ORG-013, ORG-017: a page of the users of these departments, positions, roles, groups or ids (paging nested). */
export type UserConditionBody = Schemas['UserCondition'];

export function getUserCondition(body: UserConditionBody) {
  return api.POST('/api/permission/Users/UserCondition', { body });
}

/** ORG-014: the users of a stored value (the pseudo id currentUser is skipped by the server). */
export function getUsersByIds(ids: string[]) {
  return api.POST('/api/permission/Users/getUserList', { body: { userId: ids } });
}

/** ORG-018: the entries of a mixed picker's value ("id--type"), their ids bare. */
export function getSelectedList(values: string[]) {
  return api.POST('/api/permission/Users/getSelectedList', { body: { userId: values } });
}

/** ORG-013: a page of the users these mixed ids reach (a custom mixed picker). */
export function getSelectedUserList(body: Schemas['SelectedUsers']) {
  return api.POST('/api/permission/Users/getSelectedUserList', { body });
}

// ---- Excel (ORG-026; spec 01 §2.10, §5.5) --------------------------------------------------

/** The columns of the export, the template and the import preview (server: transfer.rs). */
export const USER_COLUMNS = [
  'account',
  'realName',
  'gender',
  'email',
  'organizeId',
  'managerId',
  'positionId',
  'roleId',
  'sortCode',
  'enabledMark',
  'description',
  'nation',
  'nativePlace',
  'entryDate',
  'certificatesType',
  'certificatesNumber',
  'education',
  'birthday',
  'telePhone',
  'landline',
  'mobilePhone',
  'urgentContacts',
  'urgentTelePhone',
  'postalAddress',
] as const;

/** The list's query plus dataType (0 this page, 1 all) and selectKey (the columns, csv). */
export function exportUsers(query: UserQuery, dataType: 0 | 1, selectKey: string[]) {
  return api.GET('/api/permission/Users/ExportExcel', { params: { query: { ...query, dataType, selectKey: selectKey.join(',') } } });
}

/** IMP-024 */
export function downloadUserTemplate() {
  return api.GET('/api/permission/Users/TemplateDownload');
}

/** IMP-021: the file in the multipart field 'file'; answers the name the preview reads. */
export function uploadUserFile(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.POST('/api/permission/Users/Uploader', { body });
}

/** IMP-022 */
export function previewUserImport(fileName: string) {
  // The document types a row as an open object; a preview row is text by column.
  return api.GET('/api/permission/Users/ImportPreview', { params: { query: { fileName } } }) as Promise<Envelope<{ dataRow: ImportRow[] }>>;
}

/** The user import: body list, answer resultType, snum, fnum, failResult (the shape IMP-023 gives the wizard import, whose flowId no screen sends yet). */
export function importUsers(list: ImportRow[]) {
  return api.POST('/api/permission/Users/ImportData', { body: { list } }) as Promise<Envelope<ImportResult>>;
}

/** IMP-025: the refused rows with their reasons, as a workbook. */
export function exportUserFailures(list: ImportRow[]) {
  return api.POST('/api/permission/Users/ExportExceptionData', { body: { list } });
}
