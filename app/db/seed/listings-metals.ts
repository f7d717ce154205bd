import type { SeedListing } from "#app/db/seed/types";

/** Precious and industrial metals listings, in catalogue order. */
export const metalListings: SeedListing[] = [
  {
    id: "premium-gold",
    category: "metals",
    title: "Premium Gold",
    location: "East Africa",
    specs: ["Gold for Crypto", "Premium Quality", "Direct Supply"],
    images: [
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2230-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2229.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2232-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2233-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2234-1.jpg",
    ],
    description:
      "High-grade gold sourced directly from East Africa, offered through a supply chain that runs straight from source to buyer.\n\n" +
      "Every consignment is handled to international standards, with verified origin, quality assurance and secure, discreet transactions from the first conversation to delivery.\n\n" +
      "Settlement in digital currency, including Bitcoin, Ethereum and XRP, is welcome, and our specialists are on hand to guide each step.",
    specifications: [
      { label: "Type", value: "Premium Gold" },
      { label: "Location", value: "East Africa" },
      { label: "Payment", value: "Crypto Accepted" },
      { label: "Purity", value: "High Grade" },
      { label: "Supply", value: "Direct Source" },
    ],
    features: [
      "Direct Supply Chain",
      "Premium Quality",
      "Crypto Payment Accepted",
      "Secure Transactions",
      "International Standards",
      "Verified Source",
      "Professional Service",
      "Global Delivery",
      "Quality Assurance",
      "Expert Support",
    ],
  },
  {
    id: "premium-copper",
    category: "metals",
    title: "Premium Copper",
    location: "East Africa",
    specs: ["Copper for Crypto", "Premium Quality", "Direct Supply"],
    images: [
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2236-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2235-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2231-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2237-1.jpg",
    ],
    description:
      "High-grade copper from East Africa, supplied directly from source for buyers who value quality, traceability and a straightforward process.\n\n" +
      "Each order is prepared to international standards, with a verified origin, careful quality checks and secure handling through to global delivery.\n\n" +
      "Payment in digital currency, including Bitcoin, Ethereum and XRP, is welcome, with dedicated support throughout the transaction.",
    specifications: [
      { label: "Type", value: "Premium Copper" },
      { label: "Location", value: "East Africa" },
      { label: "Payment", value: "Crypto Accepted" },
      { label: "Purity", value: "High Grade" },
      { label: "Supply", value: "Direct Source" },
    ],
    features: [
      "Direct Supply Chain",
      "Premium Quality",
      "Crypto Payment Accepted",
      "Secure Transactions",
      "International Standards",
      "Verified Source",
      "Professional Service",
      "Global Delivery",
      "Quality Assurance",
      "Expert Support",
    ],
  },
  {
    id: "rocket-premium-aluminum",
    category: "metals",
    title: "Rocket Premium Aluminum",
    location: "India",
    specs: ["Aluminum for Crypto", "Premium Quality", "Direct Supply"],
    images: [
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2654-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/untitled-design-1.png",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2651-1.jpg",
      "https://image931.wordpress.com/wp-content/uploads/2025/04/img_2647-1.jpg",
    ],
    description:
      "Rocket Premium Aluminum is high-grade aluminium supplied directly from India, with no unnecessary intermediaries between source and buyer.\n\n" +
      "Supply is managed to international standards, with a verified source, consistent quality assurance and secure transactions, and delivery can be arranged worldwide.\n\n" +
      "Digital-currency payment, including Bitcoin, Ethereum and XRP, is welcome, and our team provides expert support from enquiry to delivery.",
    specifications: [
      { label: "Type", value: "Premium Aluminum" },
      { label: "Location", value: "India" },
      { label: "Payment", value: "Crypto Accepted" },
      { label: "Purity", value: "High Grade" },
      { label: "Supply", value: "Direct Source" },
    ],
    features: [
      "Direct Supply Chain",
      "Premium Quality",
      "Crypto Payment Accepted",
      "Secure Transactions",
      "International Standards",
      "Verified Source",
      "Professional Service",
      "Global Delivery",
      "Quality Assurance",
      "Expert Support",
    ],
  },
];
