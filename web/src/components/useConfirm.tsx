/**
 * The confirmations of the administration lists (spec 01 §5.8): a delete asks, as a warning,
 * 此操作将永久删除该数据, 是否继续? (CONST-003, WGT-082's text and title 提示); a state toggle asks
 * whether to enable or disable the record (CONST-002). Confirming runs the call; its success
 * shows the answer's msg — 1.5 s after a delete, 1 s after a toggle (HTTP-014) — and a refusal
 * was already shown by the HTTP client, so the dialog simply closes. An export asks its own
 * question the same way and then downloads the file the answer points to.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';
import { downloadUrl } from '@/utils/download';

export interface Confirms {
  /** Asks, then deletes; `done` runs after a success. */
  remove(call: () => Promise<Envelope<unknown>>, done: () => void): void;
  /** Asks to enable (`enabled` false) or disable the `what` (角色, 岗位, …), then toggles. */
  toggle(enabled: boolean, what: string, call: () => Promise<Envelope<unknown>>, done: () => void): void;
  /**
   * Asks `question` (您确定要导出该字典分类, 是否继续?, DICT-016), then exports and downloads the
   * file whose url the answer carries (DICT-017).
   */
  exportFile(question: string, call: () => Promise<Envelope<{ url: string }>>): void;
  /** Asks `question` (解除锁定, …), then runs the call; its msg shows for 1.5 s. */
  action(question: string, call: () => Promise<Envelope<unknown>>, done: () => void): void;
}

export function useConfirm(): Confirms {
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  const ask = (content: string, call: () => Promise<Envelope<unknown>>, seconds: number, done: () => void) =>
    // A warning with 取消 (antd's confirm() would force its own type).
    modal.warning({
      title: t('common.tip'),
      content,
      okCancel: true,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        call().then(
          (res) => {
            void message.success(res.msg || t('manage.done'), seconds);
            done();
          },
          () => undefined,
        ),
    });
  const exportFile = (question: string, call: () => Promise<Envelope<{ url: string }>>) =>
    modal.warning({
      title: t('common.tip'),
      content: question,
      okCancel: true,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        call().then(
          ({ data }) => (data?.url ? downloadUrl(data.url) : void message.error(t('common.requestError'), 1.5)),
          () => undefined,
        ),
    });
  return {
    exportFile,
    action: (question, call, done) => ask(question, call, 1.5, done),
    remove: (call, done) => ask(t('manage.removeConfirm'), call, 1.5, done),
    toggle: (enabled, what, call, done) => ask(t(enabled ? 'manage.disableConfirm' : 'manage.enableConfirm', { what }), call, 1, done),
  };
}
