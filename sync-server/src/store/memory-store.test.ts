import { MemoryStore } from './memory-store.ts';
import { runDocumentStoreContract } from './store-contract.ts';

runDocumentStoreContract('MemoryStore', async () => {
  const store = new MemoryStore();
  return { store, cleanup: () => store.close() };
});
