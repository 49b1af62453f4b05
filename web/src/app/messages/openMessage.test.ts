// Opening a message (spec 01 §4): MSG-014..017.
import { base64, messageTarget } from './openMessage';

test('MSG-014: a schedule message opens the schedule viewer unless its body type is 3', () => {
  expect(messageTarget({ type: 4, flowType: 0, bodyText: '{"type":1,"id":"s1","groupId":"g1"}' })).toEqual({ kind: 'schedule', id: 's1', groupId: 'g1' });
  expect(messageTarget({ type: 4, flowType: 0, bodyText: '{"type":3,"id":"s1","groupId":"g1"}' })).toEqual({ kind: 'none' });
  expect(messageTarget({ type: 4, flowType: 0, bodyText: 'not json' })).toEqual({ kind: 'none' });
});

test('MSG-015: a workflow entrust message goes to /workFlow/entrust', () => {
  expect(messageTarget({ type: 2, flowType: 2, bodyText: '{"type":1}' })).toEqual({ kind: 'route', to: '/workFlow/entrust?config=1' });
});

test('MSG-016: system and notice messages open the view dialog', () => {
  expect(messageTarget({ type: 1, flowType: 0, bodyText: '<p>x</p>' })).toEqual({ kind: 'view' });
  expect(messageTarget({ type: 3, flowType: 0, bodyText: '<p>x</p>' })).toEqual({ kind: 'view' });
});

test('MSG-017: other workflow messages go to /workFlowDetail with the body base64-encoded', () => {
  const body = '{"id":"f1","名称":"请假"}';
  const t = messageTarget({ type: 2, flowType: 1, bodyText: body });
  expect(t).toEqual({ kind: 'route', to: `/workFlowDetail?config=${encodeURIComponent(base64(body))}` });
  const config = decodeURIComponent((t as { to: string }).to.split('config=')[1]);
  expect(new TextDecoder().decode(Uint8Array.from(atob(config), (c) => c.charCodeAt(0)))).toBe(body);
});
