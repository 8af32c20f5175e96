export type PatternId = 'module-federation' | 'web-components' | 'iframe-composition' | 'build-time';

export type ArchitecturePattern = {
  id: PatternId;
  name: string;
  summary: string;
  advantages: string[];
  considerations: string[];
};

/** The four architecture patterns the Web App Builder explains (static content). */
export const patterns: ArchitecturePattern[] = [
  {
    id: 'module-federation',
    name: 'Module Federation',
    summary:
      'A host application loads independently built and deployed remotes at runtime, sharing common dependencies such as React as singletons.',
    advantages: [
      'Each microfrontend deploys independently, without rebuilding the host',
      'Shared dependencies are downloaded once and reused',
      'Composition happens at runtime from a remote entry manifest',
      'Feels like one application: shared router, state and design system',
    ],
    considerations: [
      'Host and remotes need a bundler with federation support',
      'Versions of shared dependencies must stay compatible',
      'An unavailable remote fails at runtime, so fallbacks are needed',
      'Couples the microfrontends to one JavaScript ecosystem',
    ],
  },
  {
    id: 'web-components',
    name: 'Web Components',
    summary:
      'Each microfrontend ships as a custom element; the host composes them with ordinary HTML tags and talks to them through attributes and events.',
    advantages: [
      'Framework-agnostic: built on standard browser APIs',
      'Shadow DOM isolates styles between teams',
      'A clear contract of attributes, properties and events',
      'Works inside any host framework or plain HTML',
    ],
    considerations: [
      'Each element may bundle its own framework runtime',
      'Server rendering and accessibility across shadow roots need care',
      'Theming is limited to CSS custom properties and parts',
      'Complex data passes through properties or events, not props',
    ],
  },
  {
    id: 'iframe-composition',
    name: 'Iframe Composition',
    summary:
      'Each microfrontend runs in its own iframe inside a shell; the shell and the frames coordinate through postMessage.',
    advantages: [
      'The strongest isolation of scripts, styles and failures',
      'Any technology stack per frame, legacy applications included',
      'Sandbox attributes and separate origins limit what a frame can do',
      'Teams deploy on their own schedule',
    ],
    considerations: [
      'Every frame loads its own runtime: heavier pages',
      'Sizing, scrolling and responsive layout are harder',
      'Deep links, history and focus management need extra work',
      'Accessibility and search indexing are limited',
    ],
  },
  {
    id: 'build-time',
    name: 'Build-time Integration',
    summary:
      'Microfrontends are published as versioned packages and combined into one bundle when the host application is built.',
    advantages: [
      'One optimised bundle with deduplicated dependencies',
      'The simplest runtime: nothing to orchestrate while loading',
      'Type checking and tests span every package',
      'Easy local development with one toolchain',
    ],
    considerations: [
      'Any change means rebuilding and redeploying the host',
      'Teams are coupled by a shared release cadence',
      'Package versions drift and must be managed',
      'No independent deployment at runtime',
    ],
  },
];
