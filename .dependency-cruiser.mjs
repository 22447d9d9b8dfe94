/**
 * The layers and the direction of their imports, checked by `npm run lint` (docs/layers.md).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'contract-imports-nothing',
      comment:
        'src/contract/ is what the site and the functions agree on: plain types and constants, ' +
        'no package, no Node or browser module, nothing else of the repository.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
    {
      name: 'content-imports-only-the-contract',
      comment:
        "src/content/ is the studio's facts and texts. It reads the studio's name and email from " +
        'src/contract/company.ts, which the contact mail shares, and nothing else.',
      severity: 'error',
      from: { path: '^src/content/' },
      to: { pathNot: '^src/(content|contract)/' },
    },
    {
      name: 'functions-import-only-the-contract',
      comment:
        'functions/ is deployed on its own: from the rest of the repository it may import ' +
        'src/contract/ only, never the site (which reads VITE_* settings and the page).',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(src|scripts|tests|shaders|public)/', pathNot: '^src/contract/' },
    },
    {
      name: 'the-product-imports-no-test',
      comment:
        'The site and the functions carry nothing of their tests: tests move the page from ' +
        'outside (docs/testing.md), and the product imports no module of tests/.',
      severity: 'error',
      from: { path: '^(src|functions/src)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'shared-parts-import-no-feature',
      comment:
        'src/routing/ and src/shared/ are for every feature to use, so they import none: only ' +
        'packages, the content and the contract.',
      severity: 'error',
      from: { path: '^src/(routing|shared)/' },
      to: { path: '^src/', pathNot: '^src/(routing|shared|content|contract)/' },
    },
    {
      name: 'features-do-not-import-the-app',
      comment:
        'src/app/ puts the features together (the router, the pages). A feature imports shared ' +
        'parts such as src/routing/, never the app.',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: '^src/app/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'title-model-imports-no-dom',
      comment:
        "src/title/model/ is the title's pure model: numbers in, numbers out. It imports none of " +
        "the title's DOM parts (dom/, canvas/, worker/, the crossfade), no " +
        'react-dom, no three.',
      severity: 'error',
      from: { path: '^src/title/model/' },
      to: {
        path: [
          '^src/title/(dom|canvas|worker)/',
          '^src/title/crossfade',
          '^src/dom-motion/',
          '(^|/)node_modules/(react-dom|three|@react-three)/',
        ],
      },
    },
    {
      name: 'title-dom-and-canvas-apart',
      comment:
        'The DOM title (src/title/dom/) and the canvas title (src/title/canvas/) never import ' +
        'each other: they meet in the store, the model and the crossfade.',
      severity: 'error',
      from: { path: '^src/title/(dom|canvas)/' },
      to: { path: '^src/title/(dom|canvas)/', pathNot: '^src/title/$1/' },
    },
    {
      name: 'title-worker-reaches-no-page',
      comment:
        "The title's worker (src/title/worker/) has no DOM and is given none: nothing it reaches " +
        "is the DOM title, the page's side of the canvas, react-dom, or another page module.",
      severity: 'error',
      from: { path: '^src/title/worker/' },
      to: {
        reachable: true,
        path: [
          '^src/title/(dom/|crossfade)',
          '^src/title/canvas/(CanvasHost|TitleCanvas|TitleStrip|start|path|workerTitle)',
          '^src/(app|home|dom-motion|firstPaint|domRuntime)',
          '(^|/)node_modules/react-dom/',
        ],
      },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other, directly or through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|functions/lib|src/generated)/' },
    // Type-only imports are imports too: they tie the modules' sources together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
