// Toast durations (spec 01 §9, 02 §9): the settings and what antd does with them. It names no
// checklist ID: the app's own toasts are not rendered here.
import { act, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { ERROR_TOAST_SECONDS, MESSAGE_CONFIG, MESSAGE_SECONDS, TOAST_SECONDS } from './toast';

function Toast({ text, seconds }: { text: string; seconds?: number }) {
  const { message } = AntApp.useApp();
  useEffect(() => {
    void message.info(text, seconds);
  }, [message, text, seconds]);
  return null;
}

const shown = (text: string) => [...document.querySelectorAll('.ant-message-notice')].some((n) => n.textContent === text);

test('with the app\'s message settings a toast stays 3000 ms by default; the short messages after an action stay 1000 to 1500 ms', () => {
  jest.useFakeTimers();
  try {
    expect(TOAST_SECONDS * 1000).toBe(3000);
    for (const seconds of [MESSAGE_SECONDS, ERROR_TOAST_SECONDS]) {
      expect(seconds * 1000).toBeGreaterThanOrEqual(1000);
      expect(seconds * 1000).toBeLessThanOrEqual(1500);
    }
    render(
      <AntApp message={MESSAGE_CONFIG}>
        <Toast text="默认" />
        <Toast text="保存成功" seconds={MESSAGE_SECONDS} />
      </AntApp>,
    );
    act(() => jest.advanceTimersByTime(100));
    expect([shown('默认'), shown('保存成功')]).toEqual([true, true]);
    act(() => jest.advanceTimersByTime(1500));
    expect(shown('默认')).toBe(true);
    act(() => jest.advanceTimersByTime(300));
    expect(shown('保存成功')).toBe(false);
    act(() => jest.advanceTimersByTime(900));
    expect(shown('默认')).toBe(true);
    act(() => jest.advanceTimersByTime(1500));
    expect(shown('默认')).toBe(false);
  } finally {
    jest.useRealTimers();
  }
});
