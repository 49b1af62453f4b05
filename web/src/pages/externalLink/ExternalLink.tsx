/** /externalLink?href= (ROUTE-005): an external page shown inside the app. */
import { Button, Result } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Only web addresses: a javascript: or data: link must never reach the frame. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export default function ExternalLink() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const href = safeHref(params.get('href'));
  if (!href) return <Result status="warning" title={t('externalLink.missing')} />;
  return (
    <div className="qm-external-link">
      <div className="qm-external-link-bar">
        <span className="qm-external-link-url">{href}</span>
        <Button size="small" icon={<ExportOutlined />} href={href} target="_blank" rel="noopener noreferrer">
          {t('externalLink.openNew')}
        </Button>
      </div>
      <iframe src={href} title={href} className="qm-external-link-frame" />
    </div>
  );
}
