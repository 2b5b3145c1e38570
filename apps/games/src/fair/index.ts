export { roundRng } from './round-rng.ts';
export {
  defaultClientSeed,
  generateServerSeed,
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  serverSeedMatchesHash,
} from './seeds.ts';
