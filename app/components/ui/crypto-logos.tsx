export const CRYPTO_CURRENCIES = [
  { name: "Bitcoin", src: "/images/crypto/bitcoin.png" },
  { name: "Ethereum", src: "/images/crypto/ethereum.png" },
  { name: "XRP", src: "/images/crypto/xrp.png" },
] as const;

/**
 * The three accepted currencies' logos, as bitmaps drawn from the SVG originals beside them (scripts/render-crypto-logos.ts):
 * an SVG image costs the main thread a document of its own before the first paint, a bitmap is decoded off it.
 */
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
