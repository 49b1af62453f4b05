/** A print template's type: 1 流程表单, 2 功能表单. */
export const TEMPLATE_TYPES = [
  { value: 1, key: 'printDev.flowForm' },
  { value: 2, key: 'printDev.functionForm' },
] as const;
