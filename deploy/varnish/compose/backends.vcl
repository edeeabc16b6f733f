# The shop processes of the compose topology (deploy/compose.yaml); test:deploy writes its own.
backend shop1 { .host = "shop1"; .port = "3000"; .probe = shop_ready; .connect_timeout = 1s; .first_byte_timeout = 60s; }
backend shop2 { .host = "shop2"; .port = "3000"; .probe = shop_ready; .connect_timeout = 1s; .first_byte_timeout = 60s; }

# Who may purge: the shop containers.
acl purgers {
  "localhost";
  "shop1";
  "shop2";
}

sub vcl_init {
  shops.add_backend(shop1);
  shops.add_backend(shop2);
}
