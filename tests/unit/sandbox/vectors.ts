// Fixed vectors computed outside this code base: key by `openssl genrsa 1024`,
// Encryption by Python's pow() on int.from_bytes(r[::-1], 'little'), bodies by
// `openssl enc -des-ecb -provider legacy`, digests by hashlib.md5.
export const KEY = {
  n: "ccfc77b65d6de0a43c766f31273d6c7817cbc04cbc57b172c6cbb9a030316ce5b615eea9f2f6909d6d316b07618bf4fd5d9b06899923cd10954a00a204ee9a747f0bbe65e6e7c5643396fec44fe6c70aae526049ed4de380dadd58593fc07301283deb52162528fc965b7d4ea2b35b1eb138e10b4801678da44a0e13e3f4056b",
  d: "8938f96abb60b2e13f188996fe0dc06f247ee15c7d38b7317ea322c079829cc3aa0144a3c0620ead544ba0ba7032a0ee7b9b2be530ff2667d38896a3df695b3b2e4ddc3f28885a4146be33ea8c74c02770db8b7da52ce0eaaad0f7f4960093204a948fba2e015b06037757b379847955ed4e80e2a13b69f8992fede49e60f91",
};

export const R = "Ab3dEf7hIj9kLm0n";

export const PAYLOAD = '{"username":"demo01","password":"demo1234","loginDeviceId":"0f8fad5b-d9cb-469f-a165-70867728950e"}';

export const ENCRYPTION =
  "29388d53300f0e6bce43082aeae56b2230f64e2b40fac7561ca54a5d27097ee132129ba45e66f3ce04b2befaa668849ef274eed23b89a90a8a7195872183ef68cdc30292faeb6c22295e42559649ce9d9a28d89214036e55e205b339d3ed8d3f7270db29f04bda093d315a35dd1c28c4874d93b4ef7bccbb30ba2a90bc7d760";

export const BODY =
  "zV0+zioD1RKGQGbr8gfkIGDJlfEZHdPN/8xSU9Xm2JMpjrVsbD58DtUL9xVWYv7E4sMW273If3yKAlDusui25Tyxzdfi9Z5EMDU46n9sg4DW01/X+iphp9gIe5/umw+qu3dbP1AXMHs=";

export const X_RSA = "18c6a79dc573e19f";
export const X_DIGEST = "6d04043b58395861bc498f6ce651d384";

/** DES-ECB-PKCS7("hello", key "12345678"). */
export const DES_HELLO = "uhbGoCVxJa8=";

export const CS_URL = "http://127.0.0.1:8799/wps/sandbox-pages/chat?merchant=demo";
export const CS_KEY = "Qw3rTy89";
export const CS_PATH = "wGuscF6e3ZPgrf+bYmnLS2JrM/I+kVJjtwEm2DJ7nLNrfWocHLuxJS55QveYOwsJVh0ia5ket2ARJRrXsmbwbQ==Qw3rTy89";
