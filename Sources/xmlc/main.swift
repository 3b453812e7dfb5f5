print("xmlc")
