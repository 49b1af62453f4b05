/** Changing the interface language (SHELL-044): stored, applied, saved on the server, confirmed. */
import { useCallback } from 'react';
import { App } from 'antd';
import i18n, { type Language } from '@/i18n';
import { saveLanguage } from '@/api/user';
import { useApp } from '@/stores/app';
import { useUser } from '@/stores/user';

export function useChangeLanguage() {
  const { message } = App.useApp();
  return useCallback(
    async (language: Language) => {
      useApp.getState().setLanguage(language);
      await i18n.changeLanguage(language);
      if (useUser.getState().token) await saveLanguage(language).catch(() => undefined);
      message.success(i18n.t('language.switched'), 1.5);
    },
    [message],
  );
}
