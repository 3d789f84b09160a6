// The import graph's rules, checked by `npm run lint` (dependency-cruiser).
// No module may import itself back through others: a circle of runtime imports
// (static or dynamic) makes load order matter and splits nothing. Imports of
// types only are left out: they are erased before anything runs (the server's
// context object and the services it holds name each other's types).
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Break the circle: move what both sides need into a module of its own, or pass it in (a React context, a parameter).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|test-results|reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
