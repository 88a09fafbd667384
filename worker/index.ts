export { default } from './platform/workers/entry';
