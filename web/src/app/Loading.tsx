import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner while a page or the user loads. */
export default function Loading() {
  const { t } = useTranslation();
  return (
    <div className="qm-loading" role="status">
      <Spin size="large" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
