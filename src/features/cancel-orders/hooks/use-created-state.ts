/** Reads the router location state the create flow leaves after a 201 (`{ created: true }`). */
import { useLocation } from 'react-router-dom';

export type CreatedState = { created: true };

export function isCreatedState(state: unknown): state is CreatedState {
  return typeof state === 'object' && state !== null && (state as { created?: unknown }).created === true;
}

export function useCreatedState(): boolean {
  return isCreatedState(useLocation().state);
}
