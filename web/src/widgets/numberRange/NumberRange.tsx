/**
 * The numeric range filter (JNPF's NumRange, spec 02 §5): two number boxes, from and to. What it
 * emits is the core's rule (`numericRange`, WGT-122/123): `[]` when both bounds are empty, else
 * `[min, max]` — 0 is a value, not an empty bound.
 */
import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCore } from '@/hooks/useCore';

export type NumberRangeValue = (number | null)[];

export interface NumberRangeProps {
  value?: NumberRangeValue | null;
  onChange?(value: NumberRangeValue): void;
  disabled?: boolean;
  precision?: number;
  id?: string;
}

export function NumberRange({ value, onChange, disabled, precision, id }: NumberRangeProps) {
  const { t } = useTranslation();
  const core = useCore();
  const min = Array.isArray(value) ? (value[0] ?? null) : null;
  const max = Array.isArray(value) ? (value[1] ?? null) : null;
  const emit = (from: number | null, to: number | null) => {
    if (core) onChange?.(core.numericRange(from, to) as NumberRangeValue);
  };
  return (
    <Space.Compact block className="qm-number-range">
      <InputNumber<number>
        id={id}
        style={{ width: '50%' }}
        value={min}
        precision={precision}
        disabled={disabled || !core}
        placeholder={t('engine.rangeMin')}
        onChange={(v) => emit(v ?? null, max)}
      />
      <InputNumber<number>
        style={{ width: '50%' }}
        value={max}
        precision={precision}
        disabled={disabled || !core}
        placeholder={t('engine.rangeMax')}
        onChange={(v) => emit(min, v ?? null)}
      />
    </Space.Compact>
  );
}
