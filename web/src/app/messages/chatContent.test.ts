// CHAT-012: chat message content, live and from the history.
import { historyLine, imageOf, liveLine, summary } from './chatContent';

test('CHAT-012: an image is an object in live frames and JSON text in the history', () => {
  expect(imageOf({ path: '/api/file/Image/IM/a.png', width: 3 })).toEqual({ path: '/api/file/Image/IM/a.png', width: 3 });
  expect(imageOf('{"path":"/api/file/Image/IM/a.png"}')).toEqual({ path: '/api/file/Image/IM/a.png' });
  expect(imageOf('plain text')).toBeNull();
  const h = historyLine({ id: 'm1', sendUserId: 'me', contentType: 'image', content: '{"path":"/p.png"}', sendTime: 5 }, 'me');
  expect(h).toMatchObject({ key: 'm1', mine: true, type: 'image', image: { path: '/p.png' }, text: '', time: 5 });
  const t = historyLine({ id: 'm2', sendUserId: 'other', contentType: 'text', content: 'hi', sendTime: 6 }, 'me');
  expect(t).toMatchObject({ mine: false, text: 'hi', image: null });
});

test('CHAT-014: live frames belong to the open chat only', () => {
  expect(liveLine({ method: 'receiveMessage', formUserId: 'u1', messageType: 'text', formMessage: 'x', dateTime: 1 }, 'u1')).toMatchObject({ mine: false, text: 'x' });
  expect(liveLine({ method: 'receiveMessage', formUserId: 'u2', messageType: 'text', formMessage: 'x' }, 'u1')).toBeNull();
  expect(liveLine({ method: 'sendMessage', toUserId: 'u1', messageType: 'image', toMessage: { path: '/i.png' } }, 'u1')).toMatchObject({ mine: true, image: { path: '/i.png' } });
  expect(liveLine({ method: 'Online', userId: 'u1' }, 'u1')).toBeNull();
  expect(summary('image', {}, '图片', '语音')).toBe('[图片]');
  expect(summary('text', 'hey', '图片', '语音')).toBe('hey');
});
