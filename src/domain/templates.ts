/**
 * Message templates (docs/rules.md#notices-and-notifications): text with variables in braces. `parseTemplate` finds the variables and
 * the unknown ones (refused on save), `renderTemplate` fills them for one receiver. A brace that does not enclose a
 * plain name (letters and digits) is ordinary text. The result is plain text: screens render it as text, never HTML.
 */
export const TEMPLATE_VARIABLES = ['studentName', 'className', 'remainingHours', 'expiryDate', 'lessonTime', 'campusName', 'companyName'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

const VAR_RE = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

export interface ParsedTemplate {
  /** Known variables used, in order of first use. */
  variables: TemplateVariable[];
  /** Names in braces that are not variables, in order of first use. */
  unknown: string[];
}

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

export function parseTemplate(text: string): ParsedTemplate {
  const variables: TemplateVariable[] = [];
  const unknown: string[] = [];
  for (const m of text.matchAll(VAR_RE)) {
    const name = m[1];
    if (isTemplateVariable(name)) {
      if (!variables.includes(name)) variables.push(name);
    } else if (!unknown.includes(name)) unknown.push(name);
  }
  return { variables, unknown };
}

export type TemplateValues = Partial<Record<TemplateVariable, string | number | undefined>>;

/** The text with each known variable replaced by its value ('' when the receiver has none); unknown names stay. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(VAR_RE, (whole, name: string) => (isTemplateVariable(name) ? String(values[name] ?? '') : whole));
}
