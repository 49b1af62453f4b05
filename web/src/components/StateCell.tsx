/**
 * A record's enabled state in a list: a switch when the user may edit (toggling asks first,
 * CONST-002), else a tag. enabledMark 1 is enabled, anything else disabled (spec 01 §4).
 */
import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  enabledMark: number | null | undefined;
  /** Offered only with the edit button's permission. */
  editable: boolean;
  /** The name the switch is read by (the record's). */
  label: string;
  onToggle(): void;
}

export function StateCell({ enabledMark, editable, label, onToggle }: Props) {
  const { t } = useTranslation();
  const enabled = enabledMark === 1;
  if (!editable) return <Tag color={enabled ? 'success' : 'error'}>{t(enabled ? 'manage.enabled' : 'manage.disabled')}</Tag>;
  return (
    <Switch
      size="small"
      checked={enabled}
      checkedChildren={t('manage.enabled')}
      unCheckedChildren={t('manage.disabled')}
      aria-label={`${label} ${t('manage.state')}`}
      onChange={() => onToggle()}
    />
  );
}
