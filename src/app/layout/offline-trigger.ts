/** Starts the offline layer's loading from anywhere (the outbox's route), or marks it wanted until its slot is set up. */
let load: (() => void) | boolean = false;

export function loadOfflineArea(): void {
  if (typeof load === 'function') load();
  else load = true;
}

/** The slot's loader; answers whether the layer was asked for before the slot was set up. */
export function setOfflineLoader(loader: () => void): boolean {
  const wanted = load === true;
  load = loader;
  return wanted;
}
