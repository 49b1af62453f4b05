/**
 * /api/message: in-site messages, notices and the chat's REST calls (spec 02 §7.7; MSG-018..023,
 * CHAT-022; jnpf-wire.md "Messages"). The live half is the WebSocket (stores/socket.ts).
 */
import type { components, operations } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type MessageRow = Schemas['MessageRow'];
export type MessageInfo = Schemas['MessageInfo'];
type MessagePage = Schemas['Envelope_PageOf_MessageRow']['data'];
export type NoticeRow = Schemas['NoticeRow'];
export type NoticeInfo = Schemas['NoticeInfo'];
export type NoticeForm = Schemas['NoticeForm'];
type NoticePage = Schemas['Envelope_PageOf_NoticeRow']['data'];
export type Conversation = Schemas['Conversation'];
type Conversations = Schemas['Conversations'];
export type SendConfig = Schemas['SendConfig'];
type SendConfigs = Schemas['SendConfigs'];
export type ImContact = Schemas['ImContact'];
type ImContactPage = Schemas['Envelope_PageOf_ImContact']['data'];

/** MSG-018: the list's query (type '' every type; isRead '0' unread, '1' read, '' both). */
export type MessageQuery = Required<NonNullable<operations['getMessage']['parameters']['query']>>;
/** MSG-019: the filter ReadAll applies to. */
export type MessageFilter = Pick<MessageQuery, 'keyword' | 'type' | 'isRead'>;

const BASE = '/api/message';

export function getMessageList(query: MessageQuery) {
  return send<MessagePage>({ url: BASE, data: query });
}

/** MSG-020: a message opened (the server marks it read). */
export function readMessage(id: string) {
  return send<MessageInfo>({ url: `${BASE}/ReadInfo/${id}` });
}

/** MSG-019: every message matching the filter becomes read. */
export function readAllMessages(filter: MessageFilter) {
  return send({ url: `${BASE}/Actions/ReadAll`, method: 'POST', data: filter });
}

/** MSG-021: deletes the caller's copies. */
export function deleteMessageRecords(ids: string[]) {
  return send({ url: `${BASE}/Record`, method: 'DELETE', data: { ids: ids.join(',') } });
}

/** MSG-022: the notice page's list. */
export function getNoticeList(query: { currentPage: number; pageSize: number; keyword: string; enabledMark?: string[]; type?: string[] }) {
  return send<NoticePage>({ url: `${BASE}/Notice/List`, method: 'POST', data: query });
}

export function getNotice(id: string) {
  return send<NoticeInfo>({ url: `${BASE}/Notice/${id}` });
}

/**
 * A new draft. POST /api/message, the JNPF client's path: the server answers POST
 * /api/message/Notice with the list, as that client asks for it there.
 */
export function createNotice(form: NoticeForm) {
  return send({ url: BASE, method: 'POST', data: form });
}

export function updateNotice(id: string, form: NoticeForm) {
  return send({ url: `${BASE}/Notice/${id}`, method: 'PUT', data: form });
}

export function deleteNotice(id: string) {
  return send({ url: `${BASE}/Notice/${id}`, method: 'DELETE' });
}

/** MSG-023: a draft notice is released to its addressees. */
export function releaseNotice(id: string) {
  return send({ url: `${BASE}/Notice/${id}/Actions/Release`, method: 'PUT' });
}

/** MSG-024: the enabled send configurations a notice's custom reminder can use. */
export function getSendConfigs() {
  return send<SendConfigs>({ url: `${BASE}/SendMessageConfig/Selector` });
}

/** A released notice is taken back from every addressee and becomes a draft again. */
export function withdrawNotice(id: string) {
  return send({ url: `${BASE}/${id}/Actions/Withdraw`, method: 'PUT' });
}

/** CHAT-022: the recent conversations. */
export function getConversations() {
  return send<Conversations>({ url: `${BASE}/imreply` });
}

/** CHAT-007: clears the chat records with the user (unread and latest message too). */
export function deleteChatRecords(userId: string) {
  return send({ url: `${BASE}/imreply/deleteChatRecord/${userId}`, method: 'DELETE' });
}

/** CHAT-006: removes the conversation from the recent list. */
export function removeConversation(userId: string) {
  return send({ url: `${BASE}/imreply/relocation/${userId}`, method: 'DELETE' });
}

/** CHAT-002, CHAT-003: the contacts, 20 a page. */
export function getContacts(query: { currentPage: number; pageSize: number; keyword: string }) {
  return send<ImContactPage>({ url: '/api/permission/Users/ImUser', data: query });
}
