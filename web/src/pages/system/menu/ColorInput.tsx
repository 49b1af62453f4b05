/**
 * An icon's background colour (propertyJson.iconBackgroundColor of an application or a
 * menu): antd's colour picker with the JNPF client's preset colours, kept as hex text ('' for
 * none).
 */
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';

const PRESETS = ['#008cff', '#35b8e0', '#00cc88', '#ff9d00', '#ff4d4d', '#5b69bc', '#ff8acc', '#3b3e47', '#282828'];

interface Props {
  id?: string;
  value?: string;
  onChange?(value: string): void;
}

export function ColorInput({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <ColorPicker
      data-id={id ?? ''}
      value={value || undefined}
      allowClear
      showText
      presets={[{ label: t('menuAdmin.presetColors'), colors: PRESETS }]}
      onChange={(color) => onChange?.(color.toHexString())}
      onClear={() => onChange?.('')}
    />
  );
}
