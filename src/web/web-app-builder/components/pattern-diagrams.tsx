import { Fragment, type ComponentType, type ReactNode } from 'react';
import type { PatternId } from '@/web-app-builder/patterns';
import { DiagramArrow, DiagramBox, DiagramFrame } from '@/web-app-builder/components/diagram-parts';

const remotes = ['Catalog', 'Checkout', 'Profile'];

/** The three remotes side by side, each drawn by `children`. */
function Remotes({ children }: { children: (name: string) => ReactNode }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {remotes.map((name) => (
        <Fragment key={name}>{children(name)}</Fragment>
      ))}
    </div>
  );
}

function ModuleFederationDiagram() {
  return (
    <DiagramFrame caption="The host fetches each remote's entry at runtime; React and the design system are shared singletons.">
      <DiagramBox title="Host shell" subtitle="remoteEntry manifest" tone="host" />
      <DiagramArrow label="import() at runtime" />
      <Remotes>
        {(name) => <DiagramBox title={`${name} remote`} subtitle={`${name.toLowerCase()}/remoteEntry.js`} />}
      </Remotes>
      <DiagramArrow label="share singletons" />
      <DiagramBox title="Shared dependencies" subtitle="react · react-dom · design-system" tone="shared" />
    </DiagramFrame>
  );
}

function WebComponentsDiagram() {
  return (
    <DiagramFrame caption="The host page places custom elements; each renders inside its own shadow root.">
      <DiagramBox title="Host page" subtitle="any framework or plain HTML" tone="host">
        <Remotes>
          {(name) => (
            <DiagramBox title={`<mf-${name.toLowerCase()}>`} subtitle="#shadow-root">
              <DiagramBox title="Own runtime" tone="muted" className="p-2" />
            </DiagramBox>
          )}
        </Remotes>
      </DiagramBox>
      <DiagramArrow label="attributes in, custom events out" />
      <DiagramBox title="Browser Custom Elements registry" tone="shared" />
    </DiagramFrame>
  );
}

function IframeCompositionDiagram() {
  return (
    <DiagramFrame caption="The shell owns navigation; each iframe is an isolated document talking through postMessage.">
      <DiagramBox title="Shell application" subtitle="navigation · layout · auth" tone="host">
        <Remotes>
          {(name) => <DiagramBox title={`<iframe> ${name}`} subtitle={`${name.toLowerCase()}.example.com`} />}
        </Remotes>
      </DiagramBox>
      <DiagramArrow label="window.postMessage" />
      <DiagramBox title="Message bus" subtitle="origin-checked events" tone="shared" />
    </DiagramFrame>
  );
}

function BuildTimeDiagram() {
  return (
    <DiagramFrame caption="Teams publish packages; the host build combines them into one deployable bundle.">
      <Remotes>
        {(name) => <DiagramBox title={`@org/${name.toLowerCase()}`} subtitle="npm package v1.x" />}
      </Remotes>
      <DiagramArrow label="npm install" />
      <DiagramBox title="Host build" subtitle="bundler · tree-shaking · type check" tone="shared" />
      <DiagramArrow label="deploy" />
      <DiagramBox title="Single application bundle" tone="host" />
    </DiagramFrame>
  );
}

const diagrams: Record<PatternId, ComponentType> = {
  'module-federation': ModuleFederationDiagram,
  'web-components': WebComponentsDiagram,
  'iframe-composition': IframeCompositionDiagram,
  'build-time': BuildTimeDiagram,
};

export function PatternDiagram({ pattern }: { pattern: PatternId }) {
  const Diagram = diagrams[pattern];
  return <Diagram />;
}
