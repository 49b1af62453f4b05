// The portal designer's state (issue 31; jnpf-wire-engine2.md §2.3): reading and writing the
// definition (unknown keys kept, card numbers from layoutId), adds, moves, edits, copies,
// clear, and undo/redo.
import * as model from './model';

const DEF = { layoutId: 101, refresh: { autoRefresh: true, autoRefreshTime: '5' }, theme: 'x', layout: [{ i: 100, x: 0, y: 0, w: 4, h: 3, jnpfKey: 'text', title: '院训', option: { defaultValue: 'a' } }, { i: 7, note: 'no jnpfKey' }] };

test('read: unknown keys kept, items without a jnpfKey dropped, the next number above every card', () => {
  const d = model.readDraft(JSON.stringify({ ...DEF, layoutId: 50 }));
  expect(d.layout.map((it) => it.i)).toEqual([100]);
  expect(d.layoutId).toBe(101);
  expect(JSON.parse(model.writeDraft(d))).toEqual({ theme: 'x', layoutId: 101, refresh: DEF.refresh, layout: [DEF.layout[0]] });
  expect(model.readDraft('not json')).toEqual(model.blankDraft());
  expect(model.readDraft('[1]').layout).toEqual([]);
});

test('add, place, update, copy, remove, clear — each undoable; a move to where the cards are is no edit', () => {
  let s = model.createState(JSON.stringify(DEF));
  s = model.add(s, 'barChart', '柱状图');
  expect(s.selected).toBe('101');
  expect(s.draft.layout[1]).toEqual(expect.objectContaining({ i: 101, x: 0, y: 3, w: 6, h: 8, jnpfKey: 'barChart', label: '柱状图', title: '柱状图', dataType: 'static' }));
  s = model.add(s, 'notice', '公告通知', { x: 4, y: 0 }, [{ i: '100', x: 0, y: 8, w: 4, h: 3 }]);
  expect(s.draft.layout.find((it) => it.i === 102)).toEqual(expect.objectContaining({ x: 0, y: 0, w: 12 })); // 12 wide: moved to the left
  expect(s.draft.layout[0].y).toBe(8);
  const before = s;
  expect(model.place(s, [{ i: '100', x: 0, y: 8, w: 4, h: 3 }])).toBe(before);
  s = model.update(s, '101', ['option', 'colorList', '0', 'color1'], '#ff0000');
  expect((s.draft.layout[1].option as { colorList: unknown[] }).colorList[0]).toEqual({ color1: '#ff0000', color2: '' });
  expect(Array.isArray((s.draft.layout[1].option as { colorList: unknown[] }).colorList)).toBe(true);
  s = model.updateMany(s, '101', [[['dataType'], 'dynamic'], [['propsApi'], 'di-1']]);
  expect(s.draft.layout[1]).toEqual(expect.objectContaining({ dataType: 'dynamic', propsApi: 'di-1' }));
  s = model.copy(s, '101');
  expect(s.draft.layout.map((it) => it.i)).toEqual([100, 101, 102, 103]);
  expect(s.selected).toBe('103');
  s = model.remove(s, '103');
  expect(s.selected).toBeNull();
  s = model.clear(s);
  expect(s.draft.layout).toEqual([]);
  expect(model.clear(s)).toBe(s);

  // Back through every edit to the start, and forward again.
  let back = s;
  for (let n = 0; n < 7; n++) back = model.undo(back);
  expect(back.draft).toEqual(model.createState(JSON.stringify(DEF)).draft);
  expect(model.undo(back)).toBe(back);
  let forward = back;
  for (let n = 0; n < 7; n++) forward = model.redo(forward);
  expect(forward.draft).toEqual(s.draft);
  expect(model.redo(forward)).toBe(forward);
  // A new edit after an undo drops what could have been redone.
  expect(model.add(model.undo(s), 'text', '文本').future).toEqual([]);
});
