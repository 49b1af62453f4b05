/**
 * An administration form's field rules from the rules core (`entityFields`, `checkEntity`:
 * core/src/entity.rs), which the server checks the same save with: each Form.Item gets a
 * validator that asks the core about the record as it stands, its length limit and whether it
 * is required. A rule that depends on another field (`when`: a role's organisations only for an
 * organisation role) is re-checked when that field changes, and the core — never this file —
 * decides whether it applies.
 */
import { useEffect, useMemo, useState } from 'react';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { FieldMessages } from '@qiming/core';
import { loadCore, type EntityFieldInfo, type EntityForm } from '@/core';
import { coreText } from '@/i18n';

type Core = Awaited<ReturnType<typeof loadCore>>;

export interface EntityItem {
  name: string;
  rules: Rule[];
  required: boolean;
  dependencies?: string[];
}

export interface EntityRules {
  /** The core has loaded and the fields are known. */
  ready: boolean;
  /**
   * Form.Item props of a field: the core's check, required mark, the field it depends on.
   * `values` holds what a conditional rule reads (the role form's globalMark) for the mark.
   */
  item(name: string, values?: Record<string, unknown>): EntityItem;
  /** The input's length limit. */
  maxLength(name: string): number | undefined;
  /** Whether the core refuses an empty value for the field now, given `values`. */
  required(name: string, values?: Record<string, unknown>): boolean;
  /** Every message of a record: all fields when `whole` (a creation), else those present. */
  check(record: Record<string, unknown>, whole: boolean): FieldMessages;
}

export function useEntityRules(formName: EntityForm, form: FormInstance): EntityRules {
  const [core, setCore] = useState<Core | null>(null);
  const [fields, setFields] = useState<Map<string, EntityFieldInfo>>(() => new Map());

  useEffect(() => {
    let alive = true;
    loadCore().then(
      (loaded) => {
        if (!alive) return;
        setFields(new Map(loaded.entityFields(formName).map((f) => [f.name, f])));
        setCore(loaded);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [formName]);

  return useMemo<EntityRules>(() => {
    const check = (record: Record<string, unknown>, whole: boolean): FieldMessages =>
      core ? core.checkEntity(formName, record, whole) : {};
    // An empty value is refused only by a required rule that applies to the record now.
    const required = (name: string, values: Record<string, unknown> = {}) =>
      Boolean(fields.get(name)?.required && check({ ...values, [name]: null }, false)[name]?.length);
    const item = (name: string, values?: Record<string, unknown>): EntityItem => {
      const when = fields.get(name)?.when;
      return {
        name,
        required: required(name, values),
        dependencies: when ? [when[0]] : undefined,
        rules: [
          {
            validator: async (_rule, value: unknown) => {
              const loaded = core ?? (await loadCore());
              const record = { ...form.getFieldsValue(true), [name]: value ?? null };
              const problems = loaded.checkEntity(formName, record, false)[name];
              if (problems?.length) throw new Error(coreText(problems[0]));
            },
          },
        ],
      };
    };
    return {
      ready: core !== null,
      item,
      maxLength: (name) => fields.get(name)?.maxLength ?? undefined,
      required,
      check,
    };
  }, [core, fields, formName, form]);
}
