import { createContext, useContext } from 'react';

/**
 * The answer's script nonce (Content-Security-Policy), for an inline script a component renders on the
 * server; empty in the browser, where the page's nonces are hidden and scripts React adds never run.
 */
export const ScriptNonce = createContext('');

export const useScriptNonce = () => useContext(ScriptNonce);
