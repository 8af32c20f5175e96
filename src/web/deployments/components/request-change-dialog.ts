// The changes feature's request dialog as a module of its own, so the deploy dialog can load it lazily
// (a feature's internals are reached only through its public surface).
export { RequestChangeDialog } from '@/changes';
