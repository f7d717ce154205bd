import { createContext, useContext } from "react";

/** The per-request CSP nonce, set on the server. Browsers hide nonces from the DOM, so the client sees "". */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
