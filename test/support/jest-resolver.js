/**
 * Jest resolver: middy 7 publishes its entry points under the `import`
 * condition only, which Jest's CommonJS resolution never tries. For @middy
 * packages alone, resolve with `import` (swc then makes CommonJS of the file);
 * everything else resolves as Jest always does.
 */
module.exports = (request, options) =>
  options.defaultResolver(request, request.startsWith('@middy/') ? { ...options, conditions: ['import', 'default'] } : options);
