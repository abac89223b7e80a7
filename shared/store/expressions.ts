/**
 * DynamoDB expressions, built one way: every condition and update the store
 * sends is written with `expressionOf`, so every attribute name and value of
 * an expression goes through a placeholder (`state`, `token`, `count` and
 * others are DynamoDB reserved words) and no module spells its own `#x`/`:y`.
 *
 * Names become `#<name>` (the same name always the same placeholder), values
 * `:<role>`; a clash throws rather than writes wrong. DynamoDB refuses a
 * placeholder the request does not use, so `expression(text)` carries only
 * the placeholders made so far: build a request's text from one builder, and
 * its condition and update share that one namespace (table-ops.ts merges
 * them and refuses a clash).
 *
 * Why not ElectroDB or dynamodb-toolbox (docs/decisions.md, "Hand-written
 * where a library could serve"): both build these expressions from entity
 * models, and cost far more cold import than the page below (measured there).
 */

/** A DynamoDB expression with its placeholders (`#name`, `:value`). */
export type Expression = {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
};

/** Attributes an update sets (to these values), adds to (numbers, atomically: ADD) and removes. */
export type Changes = { set?: Record<string, unknown>; add?: Record<string, number>; remove?: readonly string[] };

const safe = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');

/** A builder of one request's expressions: see the module's comment. */
export const expressionOf = () => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const builder = {
    /** The placeholder of an attribute name. */
    name(attribute: string): string {
      const placeholder = `#${safe(attribute)}`;
      if (placeholder in names && names[placeholder] !== attribute) throw new Error(`placeholder ${placeholder} names two attributes`);
      names[placeholder] = attribute;
      return placeholder;
    },
    /** The placeholder of a nested attribute, `#a.#b`. */
    path(...attributes: readonly string[]): string {
      return attributes.map((attribute) => builder.name(attribute)).join('.');
    },
    /** The placeholder of a value, named by its role in the request (each role once). */
    value(role: string, value: unknown): string {
      const placeholder = `:${safe(role)}`;
      if (placeholder in values) throw new Error(`placeholder ${placeholder} has two values`);
      values[placeholder] = value;
      return placeholder;
    },
    /** `attribute_exists(<path>)`. */
    exists(...path: readonly string[]): string {
      return `attribute_exists(${builder.path(...path)})`;
    },
    /** `attribute_not_exists(<path>)`. */
    absent(...path: readonly string[]): string {
      return `attribute_not_exists(${builder.path(...path)})`;
    },
    /** `<attribute> = <value>`, the value's role defaulting to the attribute. */
    equals(attribute: string, value: unknown, role: string = attribute): string {
      return builder.compare(attribute, '=', value, role);
    },
    /** `<attribute> <operator> <value>`. */
    compare(attribute: string, operator: '=' | '<>' | '<' | '<=' | '>' | '>=', value: unknown, role: string = attribute): string {
      return `${builder.name(attribute)} ${operator} ${builder.value(role, value)}`;
    },
    /** `begins_with(<attribute>, <prefix>)`. */
    beginsWith(attribute: string, prefix: string, role: string = attribute): string {
      return `begins_with(${builder.name(attribute)}, ${builder.value(role, prefix)})`;
    },
    /** `<attribute> BETWEEN <low> AND <high>`. */
    between(attribute: string, low: unknown, high: unknown, roles: readonly [string, string] = ['low', 'high']): string {
      return `${builder.name(attribute)} BETWEEN ${builder.value(roles[0], low)} AND ${builder.value(roles[1], high)}`;
    },
    /** `contains(<attribute>, <value>)`: a list or set holds the value, or a string the substring. */
    contains(attribute: string, value: unknown, role: string = attribute): string {
      return `contains(${builder.name(attribute)}, ${builder.value(role, value)})`;
    },
    /**
     * `SET a = :set_a, ... ADD n :add_n, ... REMOVE b, ...` of `changes`, with
     * `set` and `remove` clauses written by the caller (already placeholders) after them.
     */
    update(changes: Changes, more: { set?: readonly string[]; remove?: readonly string[] } = {}): string {
      const set = [
        ...(more.set ?? []),
        ...Object.entries(changes.set ?? {}).map(([attribute, value]) => `${builder.name(attribute)} = ${builder.value(`set_${attribute}`, value)}`),
      ];
      const add = Object.entries(changes.add ?? {}).map(([attribute, value]) => `${builder.name(attribute)} ${builder.value(`add_${attribute}`, value)}`);
      const remove = [...(more.remove ?? []), ...(changes.remove ?? []).map((attribute) => builder.name(attribute))];
      return [
        set.length > 0 ? `SET ${set.join(', ')}` : '',
        add.length > 0 ? `ADD ${add.join(', ')}` : '',
        remove.length > 0 ? `REMOVE ${remove.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' ');
    },
    /** `text` with every placeholder made so far. */
    expression(text: string): Expression {
      return {
        expression: text,
        ...(Object.keys(names).length > 0 ? { names: { ...names } } : {}),
        ...(Object.keys(values).length > 0 ? { values: { ...values } } : {}),
      };
    },
  };
  return builder;
};

export type ExpressionBuilder = ReturnType<typeof expressionOf>;

/** Every condition, each parenthesised. */
export const all = (...conditions: readonly string[]): string => conditions.map((c) => `(${c})`).join(' AND ');

/** Any of the conditions, each parenthesised. */
export const any = (...conditions: readonly string[]): string => conditions.map((c) => `(${c})`).join(' OR ');

/** The condition of a put that creates an item: none is stored under its key. */
export const itemAbsent = (): Expression => {
  const e = expressionOf();
  return e.expression(e.absent('pk'));
};

/** The condition of a write that changes an item without creating it: one is stored under its key. */
export const itemExists = (): Expression => {
  const e = expressionOf();
  return e.expression(e.exists('pk'));
};

/**
 * `ExpressionAttributeNames` and `ExpressionAttributeValues` of the
 * expressions of one request, which share one namespace: a placeholder that
 * means two things in them throws.
 */
export const requestPlaceholders = (...expressions: Array<Expression | undefined>) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const e of expressions) {
    for (const [placeholder, name] of Object.entries(e?.names ?? {})) {
      if (placeholder in names && names[placeholder] !== name) throw new Error(`placeholder ${placeholder} names two attributes`);
      names[placeholder] = name;
    }
    for (const [placeholder, value] of Object.entries(e?.values ?? {})) {
      if (placeholder in values && values[placeholder] !== value) throw new Error(`placeholder ${placeholder} has two values`);
      values[placeholder] = value;
    }
  }
  return {
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
};

/** A request's `ConditionExpression` with its placeholders, for a command built by hand. */
export const conditionOf = (condition: Expression) => ({ ConditionExpression: condition.expression, ...requestPlaceholders(condition) });
