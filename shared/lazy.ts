/**
 * A stand-in for an object built on first use (docs/architecture.md: clients, logger,
 * metrics and tracer are created lazily from configuration, so importing a
 * module reads no environment and no module has to be imported "after"
 * another). Every property read goes to the real object, methods bound to it,
 * so `ddb.send(...)` or `logger.info(...)` work exactly as on the object itself.
 *
 * Call it as `/* @__PURE__ *\/ lazy(...)`: esbuild then drops a stand-in that
 * a bundle never uses, together with what only its factory imports.
 */
export const lazy = <T extends object>(create: () => T): T => {
  let instance: T | undefined;
  return delegate(() => (instance ??= create()));
};

/** A stand-in whose every property read goes to the object `current` answers at that moment, methods bound to it. */
const delegate = <T extends object>(current: () => T): T =>
  new Proxy(Object.create(null) as T, {
    get: (_target, property) => {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (_target, property, value) => Reflect.set(current(), property, value),
    has: (_target, property) => Reflect.has(current(), property),
    getPrototypeOf: () => Reflect.getPrototypeOf(current()),
  });
