export const CRYPTO_CURRENCIES = [
  { name: "Bitcoin", src: "/images/crypto/bitcoin.svg" },
  { name: "Ethereum", src: "/images/crypto/ethereum.svg" },
  { name: "XRP", src: "/images/crypto/xrp.svg" },
] as const;

/** The three accepted currencies' logos, self-hosted SVGs. */
export function CryptoLogos({ size = 40, className = "" }: { size?: number; className?: string }) {
  return (
    <ul className={`flex items-center gap-4 ${className}`} aria-label="Accepted cryptocurrencies">
      {CRYPTO_CURRENCIES.map((currency) => (
        <li key={currency.name} className="flex items-center gap-2">
          <img src={currency.src} alt={currency.name} width={size} height={size} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
