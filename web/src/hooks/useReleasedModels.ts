/**
 * The released models (功能设计) under their categories (`/api/visualdev/Base/Selector`) as a
 * TreeSelect's data, asked when `active` becomes true: only models can be chosen, not their
 * categories. The print template form and the flow designer's start node (流程表单) use it.
 */
import { useEffect, useState } from 'react';
import { getReleasedModels, type ModelNode } from '@/api/printDev';

export interface ModelOption {
  value: string;
  title: string;
  selectable: boolean;
  children: ModelOption[];
}

const modelTree = (nodes: ModelNode[]): ModelOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.fullName, selectable: n.webType != null, children: modelTree(n.children ?? []) }));

export function useReleasedModels(active = true): ModelOption[] {
  const [models, setModels] = useState<ModelOption[]>([]);
  useEffect(() => {
    if (!active) return;
    let alive = true;
    getReleasedModels().then(
      ({ data }) => alive && setModels(modelTree(data?.list ?? [])),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [active]);
  return models;
}
