/**
 * The page of a menu entry whose screen comes in a later issue (types 3 form, 4 dictionary,
 * 5 report, 8 portal, and type 2 addresses without a page yet): it says what will be here,
 * instead of a blank area.
 */
import { Descriptions, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '@/i18n';
import type { AppRoute } from '@/app/menu';

interface Props {
  route?: AppRoute;
  fixed?: { name: string; title: string };
}

export default function Placeholder({ route, fixed }: Props) {
  const { t } = useTranslation();
  const name = route?.name ?? fixed?.name ?? '';
  const title = routeTitle(name, route?.meta.title ?? fixed?.title ?? name);
  const type = route?.type ?? 2;
  const what = [3, 4, 5, 8].includes(type) ? t(`placeholder.type${type}`) : t('placeholder.type2');
  return (
    <div className="qm-placeholder" data-testid="placeholder">
      <Result
        icon={<ClockCircleOutlined />}
        title={t('placeholder.title', { title })}
        subTitle={t('placeholder.desc', { what })}
      >
        {route && (
          <Descriptions size="small" column={1} bordered className="qm-placeholder-detail">
            <Descriptions.Item label={t('placeholder.menuType')}>{t(`placeholder.types.${route.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('placeholder.address')}>{route.path}</Descriptions.Item>
            {route.meta.moduleId && <Descriptions.Item label={t('placeholder.module')}>{route.meta.moduleId}</Descriptions.Item>}
          </Descriptions>
        )}
      </Result>
    </div>
  );
}
