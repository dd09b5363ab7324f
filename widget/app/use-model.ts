// Components read the model through this hook and re-render when it changes.
import { useEffect, useState } from 'preact/hooks';
import type { ChatModel, ChatState } from './model.js';

export function useModel(model: ChatModel): ChatState {
  const [state, setState] = useState(model.state);
  useEffect(() => {
    const unsubscribe = model.subscribe(() => setState(model.state));
    setState(model.state);
    return () => void unsubscribe();
  }, [model]);
  return state;
}
